package io.brokerbench.worker;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.metrics.WorkerSnapshot;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * What the coordinator asks of a load generator. {@link LocalWorker} does it in this JVM; a remote
 * worker does the same behind the worker HTTP API. Every call is made by the coordinator's one
 * thread, in the order of the run's phases.
 */
public interface Worker extends AutoCloseable {

    /** A name for messages and results: "local" or the worker's URL. */
    String id();

    void initializeDriver(DriverSetup setup) throws IOException, InterruptedException;

    String topicNamePrefix();

    void createTopics(List<TopicInfo> topics);

    /** Which of the named topics exist, with their partitions, as the driver sees them; changes nothing. */
    TopicLookup lookUpTopics(List<String> topics);

    void createConsumers(List<ConsumerSpec> consumers, MeasurementPlan plan);

    void createProducers(List<ProducerSpec> producers);

    void sendProbes(byte[] template);

    /** Per "topic/subscription" consumed here: whether a probe message has arrived. */
    Map<String, Boolean> probeStatus();

    void startLoad(LoadPlan plan);

    /**
     * From now on each producer publishes {@code ratePerProducer} messages a second (0 pauses them),
     * its intended send times continuing without a jump, after {@code burstPerProducer} messages all
     * due now; only for a load started at a rate.
     */
    void changeRate(double ratePerProducer, long burstPerProducer);

    /**
     * From now on each producer publishes {@code ratePerProducer} messages a second (0 pauses them),
     * starting from its next unsent message: messages due earlier and not yet sent are intended again
     * under the new rate rather than sent at once. For the max-rate search, whose windows must each
     * measure their own rate; only for a load started at a rate.
     */
    void restartRate(double ratePerProducer);

    void stopLoad() throws InterruptedException;

    void closeConsumers();

    /**
     * Opens the closed consumers again, on a backlog: from now on each consumer notes when the last
     * message sent before this call arrives ({@link ConsumerDelivery#backlogReadMicros()}).
     */
    void reopenConsumers();

    WorkerSnapshot snapshot();

    /** Per producer: due, sent, failed, unacknowledged; called once the load has stopped and drained. */
    List<ProducerTally> producerTallies();

    List<ConsumerDelivery> consumerDeliveries();

    @Override
    void close();
}
