package io.brokerbench.run;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.Worker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * All workers of a run as one: each call goes out to every worker at once and returns when all have
 * answered, so a round over 32 remote workers takes about as long as its slowest worker rather than
 * the sum of all 32. Each worker still sees its calls one at a time and in the run's order: a call
 * to the group returns only after every worker's has. When some workers fail a call, the others'
 * calls still complete, and the failure of the first failing worker (in the workers' order) is
 * thrown with the others attached as suppressed.
 *
 * <p>Producers and consumers are dealt out by a {@link WorkAssignment}; the first worker
 * ({@link #lead}) does what is done once for the run, such as creating the topics.
 */
public final class WorkerGroup implements AutoCloseable {

    private final List<Worker> workers;
    private final FanOut fanOut;

    public WorkerGroup(List<Worker> workers) {
        if (workers.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one worker");
        }
        this.workers = List.copyOf(workers);
        this.fanOut = new FanOut("worker-call", this.workers.size());
    }

    public int size() {
        return workers.size();
    }

    /** The worker that does what is done once for the run. */
    public Worker lead() {
        return workers.get(0);
    }

    public List<String> ids() {
        return workers.stream().map(Worker::id).toList();
    }

    public void initializeDriver(DriverSetup setup) throws IOException, InterruptedException {
        fanOut.runChecked(workers, w -> w.initializeDriver(setup));
    }

    /**
     * Deals the producers and consumers out (consumers first on every worker, then producers, so that
     * nothing is published before every subscription exists).
     */
    public WorkAssignment createClients(WorkAssignment.Layout layout, boolean extraConsumers,
            List<ProducerSpec> producers, List<ConsumerSpec> consumers, MeasurementPlan plan) {
        WorkAssignment assignment = WorkAssignment.of(layout, extraConsumers, workers.size(), producers, consumers);
        fanOut.runIndexed(workers, (w, worker) -> worker.createConsumers(assignment.consumersOf(w), plan));
        fanOut.runIndexed(workers, (w, worker) -> worker.createProducers(assignment.producersOf(w)));
        return assignment;
    }

    public void sendProbes(byte[] template) {
        fanOut.run(workers, w -> w.sendProbes(template));
    }

    /** Per "topic/subscription": whether a probe arrived at any worker's consumers of it, sorted. */
    public Map<String, Boolean> probeStatus() {
        Map<String, Boolean> status = new TreeMap<>();
        for (Map<String, Boolean> one : fanOut.gather(workers, Worker::probeStatus)) {
            one.forEach((subscription, seen) -> status.merge(subscription, seen, Boolean::logicalOr));
        }
        return status;
    }

    public void startLoad(LoadPlan plan) {
        fanOut.run(workers, w -> w.startLoad(plan));
    }

    /** {@link Worker#changeRate} on every worker. */
    public void changeRate(double ratePerProducer, long burstPerProducer) {
        fanOut.run(workers, w -> w.changeRate(ratePerProducer, burstPerProducer));
    }

    /** {@link Worker#restartRate} on every worker. */
    public void restartRate(double ratePerProducer) {
        fanOut.run(workers, w -> w.restartRate(ratePerProducer));
    }

    public void stopLoad() throws InterruptedException {
        try {
            fanOut.runChecked(workers, Worker::stopLoad);
        } catch (IOException e) {
            throw new IllegalStateException("stopLoad declares no I/O error", e);
        }
    }

    public void closeConsumers() {
        fanOut.run(workers, Worker::closeConsumers);
    }

    public void reopenConsumers() {
        fanOut.run(workers, Worker::reopenConsumers);
    }

    /** One snapshot of every worker, in the workers' order, each paired with its worker's id. */
    public List<Snapshot> snapshots() {
        List<WorkerSnapshot> snapshots = fanOut.gather(workers, Worker::snapshot);
        List<Snapshot> paired = new ArrayList<>(snapshots.size());
        for (int w = 0; w < snapshots.size(); w++) {
            paired.add(new Snapshot(workers.get(w).id(), snapshots.get(w)));
        }
        return paired;
    }

    /** Every producer's tally, worker by worker. */
    public List<ProducerTally> producerTallies() {
        return fanOut.gather(workers, Worker::producerTallies).stream().flatMap(List::stream).toList();
    }

    /** Every consumer's deliveries, worker by worker. */
    public List<ConsumerDelivery> consumerDeliveries() {
        return fanOut.gather(workers, Worker::consumerDeliveries).stream().flatMap(List::stream).toList();
    }

    /** Closes every worker at once; each failure is told to {@code failures}, naming the worker. */
    public void close(Consumer<String> failures) {
        List<String> failed = fanOut.gather(workers, w -> {
            try {
                w.close();
                return null;
            } catch (RuntimeException e) {
                return "closing worker " + w.id() + " failed: " + OneLine.of(e);
            }
        });
        failed.stream().filter(java.util.Objects::nonNull).forEach(failures);
        fanOut.close();
    }

    @Override
    public void close() {
        close(failure -> { });
    }

    /** A worker's snapshot and whose it is. */
    public record Snapshot(String workerId, WorkerSnapshot snapshot) {
    }
}
