package io.brokerbench.remote.server;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.time.NanoClock;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.TopicLookup;
import io.brokerbench.worker.Worker;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * An in-process run's Prometheus endpoint ({@code bin/benchmark --metrics-port}): the metrics a
 * worker serves on its stats port, under the same names, fed the same way: from the snapshots the
 * run takes of its in-process worker, once per reporting interval. Serves every run of the command.
 */
public final class InProcessMetrics implements AutoCloseable {

    private final WorkerMetrics metrics = new WorkerMetrics();
    private final BrokerProcessMetrics broker = new BrokerProcessMetrics(metrics.registry());
    private final MetricsEndpoint endpoint;

    private InProcessMetrics(String bind, int port) {
        endpoint = new MetricsEndpoint(bind, port, ServerLimits.defaults(), metrics, null);
        endpoint.start();
    }

    /** Listens on {@code bind:port} (0 for any free port) until closed. */
    public static InProcessMetrics start(String bind, int port) {
        return new InProcessMetrics(bind, port);
    }

    public int port() {
        return endpoint.port();
    }

    /** Serves the CPU and memory of the local broker's nodes, of the run about to start. */
    public void watchBroker(Supplier<List<BrokerNode>> nodes) {
        broker.watch(nodes);
    }

    /** {@code worker}, with every snapshot it hands out also recorded here. */
    public Worker exporting(Worker worker) {
        return new ExportingWorker(worker, metrics);
    }

    @Override
    public void close() {
        endpoint.close();
    }

    /** The decorated worker: everything is the worker's own, snapshots are also recorded. */
    private record ExportingWorker(Worker worker, WorkerMetrics metrics) implements Worker {

        @Override
        public WorkerSnapshot snapshot() {
            WorkerSnapshot snapshot = worker.snapshot();
            metrics.record(snapshot, NanoClock.SYSTEM.nanoTime());
            return snapshot;
        }

        @Override
        public String id() {
            return worker.id();
        }

        @Override
        public void initializeDriver(DriverSetup setup) throws IOException, InterruptedException {
            worker.initializeDriver(setup);
        }

        @Override
        public String topicNamePrefix() {
            return worker.topicNamePrefix();
        }

        @Override
        public void createTopics(List<TopicInfo> topics) {
            worker.createTopics(topics);
        }

        @Override
        public TopicLookup lookUpTopics(List<String> topics) {
            return worker.lookUpTopics(topics);
        }

        @Override
        public void createConsumers(List<ConsumerSpec> consumers, MeasurementPlan plan) {
            worker.createConsumers(consumers, plan);
        }

        @Override
        public void createProducers(List<ProducerSpec> producers) {
            worker.createProducers(producers);
        }

        @Override
        public void sendProbes(byte[] template) {
            worker.sendProbes(template);
        }

        @Override
        public Map<String, Boolean> probeStatus() {
            return worker.probeStatus();
        }

        @Override
        public void startLoad(LoadPlan plan) {
            worker.startLoad(plan);
        }

        @Override
        public void changeRate(double ratePerProducer, long burstPerProducer) {
            worker.changeRate(ratePerProducer, burstPerProducer);
        }

        @Override
        public void restartRate(double ratePerProducer) {
            worker.restartRate(ratePerProducer);
        }

        @Override
        public void stopLoad() throws InterruptedException {
            worker.stopLoad();
        }

        @Override
        public void closeConsumers() {
            worker.closeConsumers();
        }

        @Override
        public void reopenConsumers() {
            worker.reopenConsumers();
        }

        @Override
        public List<ProducerTally> producerTallies() {
            return worker.producerTallies();
        }

        @Override
        public List<ConsumerDelivery> consumerDeliveries() {
            return worker.consumerDeliveries();
        }

        @Override
        public void close() {
            worker.close();
        }
    }
}
