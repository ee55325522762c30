package io.brokerbench.worker;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.driver.PayloadCopyingProducer;
import io.brokerbench.load.KeyChooser;
import io.brokerbench.load.MeasuringConsumerCallback;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.load.PacedProducer;
import io.brokerbench.load.PayloadSource;
import io.brokerbench.load.RateSchedule;
import io.brokerbench.metrics.CpuTime;
import io.brokerbench.metrics.WorkerSampler;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ObjLongConsumer;

/**
 * A load generator in this JVM: sets up a driver ({@link LoadedDriver}), measures what its
 * producers send and its consumers receive, publishes on {@link LoadThreads}, and hands out
 * measurements. The coordinator talks to it directly in a one-process run, and through the worker
 * HTTP API in a distributed one.
 */
public final class LocalWorker implements Worker {

    private static final int PROBES_PER_TOPIC = 8;

    private final NanoClock clock;
    private final int loadThreadLimit;
    private final WorkerSampler sampler;
    private LoadedDriver driver;
    private boolean closed;
    private MeasurementPlan measurement;
    private final List<ProducerSlot> producers = new ArrayList<>();
    private final List<MeasuringConsumerCallback> consumers = new ArrayList<>();
    /** No threads until the load starts. */
    private LoadThreads load = new LoadThreads(0, 1);
    private final LatencyHistograms interval = new LatencyHistograms();
    /** When the load was first asked to stop; the end of every producer's schedule. */
    private long stopNanos = Long.MIN_VALUE;
    private long sentTotal;
    private long ackedTotal;

    public LocalWorker() {
        this(true);
    }

    /** @param recordMetrics whether snapshots carry JVM, client and driver statistics ({@link WorkerSampler}) */
    public LocalWorker(boolean recordMetrics) {
        this(NanoClock.SYSTEM, Runtime.getRuntime().availableProcessors(), recordMetrics);
    }

    public LocalWorker(NanoClock clock, int loadThreadLimit) {
        this(clock, loadThreadLimit, true);
    }

    private LocalWorker(NanoClock clock, int loadThreadLimit, boolean recordMetrics) {
        this.clock = clock;
        this.loadThreadLimit = Math.max(1, loadThreadLimit);
        this.sampler = WorkerSampler.of(recordMetrics);
    }

    @Override
    public String id() {
        return "local";
    }

    @Override
    public synchronized void initializeDriver(DriverSetup setup) throws IOException, InterruptedException {
        if (closed) {
            throw new IllegalStateException("worker closed");
        }
        if (driver != null) {
            throw new IllegalStateException("driver already initialized");
        }
        driver = LoadedDriver.initialize(setup, sampler.statsLogger());
    }

    @Override
    public synchronized String topicNamePrefix() {
        return driver().topicNamePrefix();
    }

    @Override
    public synchronized void createTopics(List<TopicInfo> topics) {
        driver().createTopics(topics);
    }

    @Override
    public synchronized TopicLookup lookUpTopics(List<String> topics) {
        return driver().lookUpTopics(topics);
    }

    @Override
    public synchronized void createConsumers(List<ConsumerSpec> specs, MeasurementPlan plan) {
        this.measurement = plan;
        List<MeasuringConsumerCallback> callbacks = new ArrayList<>(specs.size());
        boolean committedOnly = driver().consumersReadCommittedOnly();
        boolean queueRules = driver().consumersFollowQueueRules();
        // a queue promises no order: its records go to any member, and come again after a release
        OrderingPolicy ordering = queueRules ? OrderingPolicy.NONE : plan.ordering();
        for (ConsumerSpec spec : specs) {
            MeasuringConsumerCallback callback = new MeasuringConsumerCallback(spec.topic(), spec.subscription(),
                    plan.headers(), plan.producers(), new OrderingCheck(ordering, plan.keyCount()), committedOnly,
                    queueRules, clock);
            if (plan.existingTopics()) {
                callback.ignoreEarlierRuns();
            }
            callbacks.add(callback);
        }
        consumers.addAll(callbacks);
        driver().createConsumers(specs, callbacks);
    }

    @Override
    public synchronized void createProducers(List<ProducerSpec> specs) {
        List<BenchmarkProducer> created = driver().createProducers(specs.stream().map(ProducerSpec::topic).toList());
        for (int i = 0; i < specs.size(); i++) {
            producers.add(new ProducerSlot(specs.get(i), created.get(i)));
        }
    }

    /**
     * Publishes a few probe messages on every topic this worker produces to (spread over keys, so
     * over partitions). Consumers recognise them by their producer id and do not count them.
     */
    @Override
    public synchronized void sendProbes(byte[] template) {
        Map<String, BenchmarkProducer> oneProducerPerTopic = new LinkedHashMap<>();
        for (ProducerSlot slot : producers) {
            oneProducerPerTopic.putIfAbsent(slot.spec.topic(), slot.driverProducer);
        }
        for (BenchmarkProducer producer : oneProducerPerTopic.values()) {
            for (int i = 0; i < PROBES_PER_TOPIC; i++) {
                byte[] payload = template.clone();
                if (payload.length >= MessageHeader.SIZE) {
                    long now = WallClock.epochMicros(clock.nanoTime());
                    MessageHeader.write(payload, MessageHeader.PROBE_PRODUCER, i, now, now);
                }
                // a failed probe is simply retried on the next round
                producer.sendAsync(Optional.of("probe-" + i), payload).exceptionally(error -> null);
            }
        }
    }

    /** Per "topic/subscription" consumed on this worker: whether any of its consumers got a probe. */
    @Override
    public synchronized Map<String, Boolean> probeStatus() {
        Map<String, Boolean> status = new LinkedHashMap<>();
        for (MeasuringConsumerCallback consumer : consumers) {
            status.merge(consumer.topic() + "/" + consumer.subscription(), consumer.probeSeen(), Boolean::logicalOr);
        }
        return status;
    }

    @Override
    public synchronized void startLoad(LoadPlan plan) {
        if (load.started()) {
            throw new IllegalStateException("load already running");
        }
        load = new LoadThreads(producers.size(), loadThreadLimit);
        long maxInFlight = InFlightBudget.ofHeap(Runtime.getRuntime().maxMemory())
                .perProducer(plan.maxInFlightPerProducer(), producers.size(), plan.payloads()[0].length);
        long start = clock.nanoTime();
        List<PacedProducer> paced = new ArrayList<>(producers.size());
        for (int i = 0; i < producers.size(); i++) {
            ProducerSlot slot = producers.get(i);
            boolean reuse = slot.driverProducer instanceof PayloadCopyingProducer;
            // producers start spread over one period, so they interleave instead of sending in lockstep
            RateSchedule schedule = RateSchedule.of(plan.ratePerProducer(), start, (double) i / producers.size());
            slot.paced = new PacedProducer(slot.spec.id(), slot.spec.topic(), slot.driverProducer, schedule,
                    KeyChooser.of(plan.keyDistributor(), slot.spec.id()), new PayloadSource(plan.payloads(), reuse),
                    measurement == null || measurement.headers(), maxInFlight, slot.spec.messageLimit(),
                    load.statsOf(i), clock);
            paced.add(slot.paced);
        }
        load.start(paced, clock);
    }

    /**
     * Takes effect at this call's instant on every producer alike, so they stay interleaved; a worker
     * without producers has nothing to change.
     */
    @Override
    public synchronized void changeRate(double ratePerProducer, long burstPerProducer) {
        atOneInstant((producer, at) -> producer.changeRate(ratePerProducer, at, burstPerProducer));
    }

    /** Like {@link #changeRate}: this call's instant on every producer alike. */
    @Override
    public synchronized void restartRate(double ratePerProducer) {
        atOneInstant((producer, at) -> producer.restartRate(ratePerProducer, at));
    }

    /** Applies {@code change} to every producer with one clock reading, then wakes the load threads. */
    private void atOneInstant(ObjLongConsumer<PacedProducer> change) {
        long at = clock.nanoTime();
        for (ProducerSlot slot : producers) {
            if (slot.paced == null) {
                throw new IllegalStateException("no load running");
            }
            change.accept(slot.paced, at);
        }
        load.wake();
    }

    /** Stops publishing; see {@link LoadThreads#stop} for a thread stuck in its driver. */
    @Override
    public synchronized void stopLoad() throws InterruptedException {
        if (stopNanos == Long.MIN_VALUE) {
            stopNanos = clock.nanoTime();
        }
        load.stop();
    }

    /** Closes the driver's consumers but keeps their measurements; {@link #reopenConsumers} resumes. */
    @Override
    public synchronized void closeConsumers() {
        if (driver != null) {
            driver.closeConsumers();
        }
    }

    @Override
    public synchronized void reopenConsumers() {
        long now = clock.nanoTime();
        consumers.forEach(consumer -> consumer.reopeningOnBacklog(now));
        driver().reopenConsumers();
    }

    @Override
    public synchronized WorkerSnapshot snapshot() {
        interval.reset();
        load.drainInto(interval);
        long received = 0;
        for (MeasuringConsumerCallback consumer : consumers) {
            consumer.drainInto(interval);
            received += consumer.receivedCount();
        }
        sentTotal += interval.get(Metric.PUBLISH_DELAY).getTotalCount();
        ackedTotal += interval.get(Metric.PUBLISH_LATENCY).getTotalCount();
        return new WorkerSnapshot(interval.copy(), sentTotal, ackedTotal, load.publishErrorsTotal(), received,
                CpuTime.processSeconds(), load.cpuSeconds(),
                sampler.sample(driver == null ? null : driver.driver()), load.failure().orElse(""),
                load.publishAbortedTotal());
    }

    /** What each producer was due to send and what became of it; valid once the load is stopped. */
    @Override
    public synchronized List<ProducerTally> producerTallies() {
        List<ProducerTally> tallies = new ArrayList<>(producers.size());
        for (ProducerSlot slot : producers) {
            tallies.add(slot.paced == null ? new ProducerTally(slot.spec.id(), slot.spec.topic(), 0, 0, 0, null, 0, 0, 0, 0, 0, new long[0], null)
                    : slot.paced.tally(stopNanos == Long.MIN_VALUE ? clock.nanoTime() : stopNanos));
        }
        return tallies;
    }

    @Override
    public synchronized List<ConsumerDelivery> consumerDeliveries() {
        return consumers.stream().map(MeasuringConsumerCallback::delivery).toList();
    }

    /** Stops the load, closes what the driver created and the driver; a closed worker sets up nothing again. */
    @Override
    public synchronized void close() {
        closed = true;
        try {
            stopLoad();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (driver != null) {
            driver.close();
            driver = null;
        }
    }

    private LoadedDriver driver() {
        if (driver == null) {
            throw new IllegalStateException("driver not initialized");
        }
        return driver;
    }

    /** A driver producer, and once the load starts, the paced producer that drives it. */
    private static final class ProducerSlot {
        final ProducerSpec spec;
        final BenchmarkProducer driverProducer;
        PacedProducer paced;

        ProducerSlot(ProducerSpec spec, BenchmarkProducer driverProducer) {
            this.spec = spec;
            this.driverProducer = driverProducer;
        }
    }
}
