package io.brokerbench.run;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.DeliveryVerifier;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.load.KeyChooser;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.run.IntervalPoint.Phase;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.ProducerTally;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.Worker;
import io.brokerbench.worker.WorkerSnapshot;
import io.brokerbench.workload.KeyDistributorType;
import io.brokerbench.workload.Workload;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * The coordinator's side of one workload on one driver: topics → consumers → producers →
 * readiness probe → warm-up → measured phase (with backlog build and drain when asked) → stop →
 * drain → delivery verification. Each phase is reported interval by interval; whatever happens,
 * the record holds what was measured so far and the workers are closed.
 */
public final class BenchmarkRun {

    private static final long PROBE_ROUND_NANOS = 1_000_000_000L;
    private static final long PROBE_POLL_MILLIS = 50;

    private final Workload workload;
    private final List<Worker> workers;
    private final RunOptions options;
    private final WorkAssignment.Layout layout;
    private final boolean extraConsumers;
    private final RunControl control;
    private final RunListener listener;
    private final NanoClock clock;
    private final RunRecord record;
    private final byte[][] payloads;
    private final LatencyHistograms merged = new LatencyHistograms();
    private final StallWatch stalls;
    private RunTotals lastTotals = RunTotals.ZERO;
    private RunTotals loadStart;
    private RunTotals measureStart;
    private long loadStartNanos;
    private boolean measuring;

    public BenchmarkRun(RunRecord record, List<byte[]> payloads, List<Worker> workers, RunOptions options,
            RunControl control, RunListener listener, NanoClock clock) {
        this(record, payloads, workers, WorkAssignment.Layout.MIXED, false, options, control, listener, clock);
    }

    /**
     * @param layout how the workers share producing and consuming (see {@link WorkAssignment})
     * @param extraConsumers in the split layout, give consumers two thirds of the workers
     */
    public BenchmarkRun(RunRecord record, List<byte[]> payloads, List<Worker> workers, WorkAssignment.Layout layout,
            boolean extraConsumers, RunOptions options, RunControl control, RunListener listener, NanoClock clock) {
        this.layout = layout;
        this.extraConsumers = extraConsumers;
        this.record = record;
        this.workload = record.workload();
        this.payloads = payloads.toArray(new byte[0][]);
        this.workers = List.copyOf(workers);
        this.options = options;
        this.control = control;
        this.listener = listener;
        this.clock = clock;
        this.stalls = new StallWatch(workload.subscriptionsPerTopic());
        workers.forEach(w -> record.workers().add(new WorkerEntry(w.id())));
    }

    public RunRecord execute() {
        String failure = null;
        try {
            prepare();
            runLoad();
        } catch (RunInterrupted e) {
            failure = control.reason();
        } catch (RunFailure | DriverException e) {
            failure = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        } catch (IOException e) {
            failure = "I/O error: " + e.getMessage();
        } catch (RuntimeException e) {
            failure = "unexpected error: " + DriverException.describe(e);
            e.printStackTrace();
        }
        if (failure != null) {
            keepPartialTotals();
        }
        record.finish(Instant.now(), failure == null, failure);
        try {
            // the result is written before closing: closing clients of a dead broker can take long
            listener.finished(record);
        } finally {
            closeWorkers();
        }
        return record;
    }

    /** An interrupted or failed run still reports the counts of what it measured. */
    private void keepPartialTotals() {
        if (measureStart != null && measuring) {
            record.measured(lastTotals.minus(measureStart));
        }
        if (loadStart != null) {
            record.whole(lastTotals.minus(loadStart));
        }
    }

    private void prepare() throws java.io.IOException, InterruptedException {
        Worker lead = workers.get(0);
        for (Worker worker : workers) {
            worker.initializeDriver(record.driver());
        }
        List<String> topics = topicNames(lead.topicNamePrefix());
        List<TopicInfo> infos = topics.stream().map(t -> new TopicInfo(t, workload.partitionsPerTopic())).toList();
        listener.note("creating " + topics.size() + " topic(s) with " + workload.partitionsPerTopic() + " partition(s) each");
        lead.createTopics(infos);

        MeasurementPlan plan = new MeasurementPlan(workload.messageSize() >= MessageHeader.SIZE,
                workload.totalProducers(),
                OrderingPolicy.of(workload.partitionsPerTopic(), workload.keyDistributor() == KeyDistributorType.KEY_ROUND_ROBIN),
                KeyChooser.POOL_SIZE);
        if (!plan.headers()) {
            listener.note("messages of " + workload.messageSize() + " bytes are too small for the " + MessageHeader.SIZE
                    + "-byte header: end-to-end latency falls back to the driver's millisecond publish timestamp"
                    + " and delivery is not verified");
        }
        List<ConsumerSpec> consumers = new ArrayList<>();
        for (String topic : topics) {
            for (int s = 0; s < workload.subscriptionsPerTopic(); s++) {
                String subscription = String.format("sub-%03d-%s", s, randomSuffix());
                for (int c = 0; c < workload.consumerPerSubscription(); c++) {
                    consumers.add(new ConsumerSpec(topic, subscription));
                }
            }
        }
        List<ProducerSpec> producers = new ArrayList<>();
        for (String topic : topics) {
            for (int p = 0; p < workload.producersPerTopic(); p++) {
                producers.add(new ProducerSpec(producers.size(), topic));
            }
        }
        WorkAssignment assignment = WorkAssignment.of(layout, extraConsumers, workers.size(), producers, consumers);
        for (int w = 0; w < workers.size(); w++) {
            record.workers().get(w).role(assignment.roleOf(w).label());
            workers.get(w).createConsumers(assignment.consumersOf(w), plan);
        }
        for (int w = 0; w < workers.size(); w++) {
            workers.get(w).createProducers(assignment.producersOf(w));
        }
        listener.note("created " + consumers.size() + " consumer(s) and " + producers.size() + " producer(s)");
        awaitReadiness(!producers.isEmpty() && !consumers.isEmpty());
    }

    private void runLoad() throws InterruptedException {
        double ratePerProducer = workload.totalProducers() == 0 ? 0 : workload.producerRate() / workload.totalProducers();
        LoadPlan load = new LoadPlan(ratePerProducer, workload.keyDistributor(), payloads,
                options.maxInFlightMessagesPerProducer());
        loadStartNanos = clock.nanoTime();
        snapshot(); // discard whatever the readiness phase left in the histograms
        loadStart = lastTotals;
        for (Worker worker : workers) {
            worker.startLoad(load);
        }
        listener.note(workload.producerRate() > 0
                ? String.format("publishing %,.0f msg/s of %d bytes", workload.producerRate(), workload.messageSize())
                : String.format("publishing as fast as possible, %d-byte messages", workload.messageSize()));
        if (!workload.warmupDuration().isZero()) {
            runPhase(Phase.WARMUP, workload.warmupDuration(), () -> true);
        }
        measureStart = lastTotals;
        measuring = true;
        if (workload.consumerBacklogSizeGB() > 0) {
            buildBacklog();
        }
        double allowedBacklog = (1 - workload.backlogDrainRatio()) * backlogTargetMessages();
        // under live load some messages are always on their way: no more than the rate times the
        // end-to-end latency of the last interval counts as drained, or a drain ratio of 1 could
        // wait for an instant with nothing in flight, which at high rates never comes

        runPhase(Phase.MEASURE, workload.testDuration(),
                () -> workload.consumerBacklogSizeGB() <= 0 || backlog(lastTotals) <= Math.max(allowedBacklog, inFlightNormally()));
        record.measured(lastTotals.minus(measureStart));
        measureStart = null;
        stopLoad();
        drain();
        verify();
    }

    private void awaitReadiness(boolean possible) throws InterruptedException {
        if (!possible) {
            listener.note("readiness probe skipped: the workload has no producers or no consumers");
            return;
        }
        byte[] template = payloads[0];
        long deadline = clock.nanoTime() + options.readinessTimeout().toNanos();
        while (true) {
            for (Worker worker : workers) {
                worker.sendProbes(template);
            }
            long roundEnd = clock.nanoTime() + PROBE_ROUND_NANOS;
            while (clock.nanoTime() < roundEnd) {
                if (silentSubscriptions().isEmpty()) {
                    listener.note("consumers ready");
                    return;
                }
                if (control.awaitStop(PROBE_POLL_MILLIS * 1_000_000)) {
                    throw new RunInterrupted();
                }
            }
            if (clock.nanoTime() > deadline) {
                throw new RunFailure("readiness probe timed out after " + options.readinessTimeout().toSeconds()
                        + " s: these subscriptions received nothing: " + String.join(", ", silentSubscriptions()));
            }
        }
    }

    private List<String> silentSubscriptions() {
        Map<String, Boolean> status = new TreeMap<>();
        for (Worker worker : workers) {
            worker.probeStatus().forEach((subscription, seen) -> status.merge(subscription, seen, Boolean::logicalOr));
        }
        return status.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
    }

    /** Closes the consumers until the requested backlog has piled up, then reopens them. */
    private void buildBacklog() throws InterruptedException {
        for (Worker worker : workers) {
            worker.closeConsumers();
        }
        double target = backlogTargetMessages();
        listener.note(String.format("building a backlog of %,.0f messages (%s GB over all subscriptions) with consumers closed",
                target, workload.consumerBacklogSizeGB()));
        runPhase(Phase.BACKLOG, Duration.ZERO, () -> backlog(lastTotals) >= target);
        for (Worker worker : workers) {
            worker.reopenConsumers();
        }
        listener.note("consumers reopened: draining the backlog");
    }

    private double backlogTargetMessages() {
        if (workload.consumerBacklogSizeGB() <= 0 || workload.subscriptionsPerTopic() == 0) {
            return 0;
        }
        // OMB's meaning: the backlog summed over all subscriptions of all topics, in bytes
        double bytes = workload.consumerBacklogSizeGB() * 1024.0 * 1024 * 1024;
        return bytes / workload.messageSize();
    }

    /**
     * Takes a snapshot every reporting interval until the phase has lasted {@code minimum} and
     * {@code done} holds.
     */
    private void runPhase(Phase phase, Duration minimum, BooleanSupplier done) throws InterruptedException {
        long start = clock.nanoTime();
        long interval = workload.reportingInterval().toNanos();
        long end = start + minimum.toNanos();
        long next = start + interval;
        while (true) {
            long target = next;
            if (end > clock.nanoTime() && end < next) {
                target = end; // the last interval of the phase ends with the phase
            }
            boolean stop = control.awaitStop(target - clock.nanoTime());
            IntervalPoint point = snapshotInto(phase);
            listener.interval(point);
            if (stop) {
                throw new RunInterrupted();
            }
            if (clock.nanoTime() >= end && done.getAsBoolean()) {
                return;
            }
            next = target == end ? end + interval : next + interval;
        }
    }

    private IntervalPoint snapshotInto(Phase phase) {
        RunTotals before = lastTotals;
        LatencyHistograms interval = snapshot();
        RunTotals delta = lastTotals.minus(before);
        double seconds = Math.max(delta.seconds(), 1e-9);
        IntervalPoint point = new IntervalPoint(phase, (lastTotals.nanoTime() - loadStartNanos) / 1e9, seconds,
                delta.sent() / seconds, delta.publishErrors() / seconds, delta.received() / seconds,
                delta.sent() * (double) workload.messageSize() / seconds,
                delta.received() * (double) workload.messageSize() / seconds,
                backlog(lastTotals), LatencySummary.of(interval));
        record.addInterval(point);
        for (String note : stalls.observe(lastTotals, point.elapsedSeconds(), phase != Phase.BACKLOG)) {
            listener.note(note);
            record.addEvent(point.elapsedSeconds(), note);
        }
        return point;
    }

    /** Merges one snapshot of every worker; adds it to the aggregate while measuring. */
    private LatencyHistograms snapshot() {
        merged.reset();
        long sent = 0;
        long acked = 0;
        long errors = 0;
        long received = 0;
        double cpu = 0;
        double loadCpu = 0;
        for (Worker worker : workers) {
            WorkerSnapshot snapshot = worker.snapshot();
            record.metrics().observe(worker.id(), snapshot);
            merged.add(snapshot.interval());
            sent += snapshot.sentTotal();
            acked += snapshot.ackedTotal();
            errors += snapshot.publishErrorsTotal();
            received += snapshot.receivedTotal();
            cpu += snapshot.processCpuSecondsTotal();
            loadCpu += snapshot.loadThreadCpuSecondsTotal();
        }
        lastTotals = new RunTotals(sent, acked, errors, received, cpu, loadCpu, clock.nanoTime());
        if (measuring) {
            record.aggregated().add(merged);
        }
        return merged;
    }

    /** Messages normally in flight at the last interval's rate and end-to-end p99 latency. */
    private double inFlightNormally() {
        List<IntervalPoint> points = record.intervals();
        if (points.isEmpty()) {
            return 0;
        }
        IntervalPoint last = points.get(points.size() - 1);
        double p99Seconds = last.latency().micros(Metric.END_TO_END, Percentile.P99) / 1e6;
        return last.publishRate() * workload.subscriptionsPerTopic() * p99Seconds;
    }

    /**
     * Messages acknowledged to producers and not yet received, summed over subscriptions: OMB's
     * backlog (it counts a message as sent when it is acknowledged).
     */
    private long backlog(RunTotals totals) {
        return Math.max(0, totals.acked() * workload.subscriptionsPerTopic() - totals.received());
    }

    private void stopLoad() throws InterruptedException {
        for (Worker worker : workers) {
            worker.stopLoad();
        }
    }

    /**
     * Deliveries still to come once the load has stopped: every message handed to a driver and not
     * failed, to every subscription. Unlike the backlog this counts messages whose acknowledgement is
     * still on its way, which must not be mistaken for lost.
     */
    private long undelivered(RunTotals totals) {
        return (totals.sent() - totals.publishErrors()) * workload.subscriptionsPerTopic() - totals.received();
    }

    /** Waits for messages still in flight, as long as they keep arriving. */
    private void drain() throws InterruptedException {
        long quietSince = clock.nanoTime();
        long lastReceived = -1;
        while (workload.subscriptionsPerTopic() > 0) {
            snapshot();
            if (undelivered(lastTotals) <= 0) {
                break;
            }
            if (lastTotals.received() != lastReceived) {
                lastReceived = lastTotals.received();
                quietSince = clock.nanoTime();
            } else if (clock.nanoTime() - quietSince > options.drainTimeout().toNanos()) {
                listener.note(String.format("drain: %,d message(s) still missing after %d s without progress",
                        undelivered(lastTotals), options.drainTimeout().toSeconds()));
                break;
            }
            if (control.awaitStop(100_000_000L)) {
                throw new RunInterrupted();
            }
        }
        snapshot();
        record.whole(lastTotals.minus(loadStart));
        measuring = false;
    }

    /**
     * Compares what producers were due to send with what consumers received, and turns every
     * message that never completed into a censored latency sample in the aggregate.
     */
    private void verify() {
        List<ProducerTally> tallies = new ArrayList<>();
        List<ConsumerDelivery> deliveries = new ArrayList<>();
        for (Worker worker : workers) {
            tallies.addAll(worker.producerTallies());
            deliveries.addAll(worker.consumerDeliveries());
        }
        CensoredLatencies censored = new CensoredLatencies(WallClock.nowEpochMicros(), record.aggregated());
        censored.addPublishSide(tallies);
        long foreign = deliveries.stream().mapToLong(ConsumerDelivery::foreign).sum();
        long negative = deliveries.stream().mapToLong(ConsumerDelivery::negativeLatencies).sum();
        List<SubscriptionVerdict> verdicts = workload.messageSize() >= MessageHeader.SIZE
                ? DeliveryVerifier.verify(tallies, deliveries, censored)
                : List.of();
        record.verdicts(verdicts, foreign, negative);
        record.producers(ProducerTotals.of(tallies), censored.samples());
    }

    private void closeWorkers() {
        for (Worker worker : workers) {
            try {
                worker.close();
            } catch (RuntimeException e) {
                listener.note("closing worker " + worker.id() + " failed: " + DriverException.describe(e));
            }
        }
    }

    private List<String> topicNames(String prefix) {
        List<String> names = new ArrayList<>(workload.topics());
        for (int i = 0; i < workload.topics(); i++) {
            names.add(String.format("%s-%07d-%s", prefix, i, randomSuffix()));
        }
        return names;
    }

    private static String randomSuffix() {
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder suffix = new StringBuilder(7);
        for (int i = 0; i < 7; i++) {
            suffix.append(alphabet.charAt(ThreadLocalRandom.current().nextInt(alphabet.length())));
        }
        return suffix.toString();
    }

    /** A stop was requested (Ctrl-C): unwind, keeping what was measured. */
    private static final class RunInterrupted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunInterrupted() {
            super(null, null, false, false);
        }
    }
}
