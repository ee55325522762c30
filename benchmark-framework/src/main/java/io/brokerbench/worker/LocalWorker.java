package io.brokerbench.worker;

import io.brokerbench.lifecycle.ScratchDirectory;
import io.brokerbench.config.DriverClassResolver;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.driver.PayloadCopyingProducer;
import io.brokerbench.load.KeyChooser;
import io.brokerbench.load.MeasuringConsumerCallback;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.load.PacedProducer;
import io.brokerbench.load.PayloadSource;
import io.brokerbench.load.PublishLoop;
import io.brokerbench.load.RateSchedule;
import io.brokerbench.metrics.WorkerSampler;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.PublishStats;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkDriver.ConsumerInfo;
import io.openmessaging.benchmark.driver.BenchmarkDriver.ProducerInfo;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Drives one broker driver in this JVM: creates what the coordinator assigns, publishes on load
 * threads, and hands out measurements. The coordinator talks to it directly in a one-process run,
 * and through the worker HTTP API in a distributed one.
 */
public final class LocalWorker implements Worker {

    /** How long a driver may take to create topics, producers or consumers before the run fails. */
    static final Duration DRIVER_OPERATION_TIMEOUT = Duration.ofSeconds(120);
    /** How long a load thread may take to return from its current send once asked to stop. */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final int PROBES_PER_TOPIC = 8;

    private final NanoClock clock;
    private final int loadThreadLimit;
    private final WorkerSampler sampler;
    private BenchmarkDriver driver;
    /** The directory this worker created for its copy of the driver file: the only one it deletes. */
    private Path scratch;
    private boolean closed;
    private MeasurementPlan measurement;
    private final List<PacedProducerSlot> producers = new ArrayList<>();
    private final List<ConsumerSlot> consumers = new ArrayList<>();
    private final List<PublishStats> publishStats = new ArrayList<>();
    private final List<Thread> loadThreads = new ArrayList<>();
    private final List<PublishLoop> loops = new ArrayList<>();
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
        String fileName = setup.fileName();
        BenchmarkDriver created = DriverClassResolver.instantiate(setup.driverClass(), setup.sourceFile());
        Path directory = null;
        Path file = null;
        boolean initialized = false;
        try {
            // the driver's own messages name its file: keep the user's file name, in a scratch directory
            directory = Files.createTempDirectory("brokerbench-driver-");
            file = Files.writeString(directory.resolve(fileName), setup.yaml(), StandardCharsets.UTF_8);
            created.initialize(file.toFile(), sampler.statsLogger());
            initialized = true;
        } catch (RuntimeException | IOException | LinkageError e) {
            // the driver read the scratch copy, so its message names that: show the user's file instead
            String reason = DriverException.describe(e);
            throw new DriverException(setup.sourceFile() + ": driver " + setup.name() + " failed to initialize: "
                    + (file == null ? reason : reason.replace(file.toString(), setup.sourceFile())), e);
        } finally {
            if (!initialized) {
                // a driver that failed half-way may already hold clients and threads (Kafka's admin client does)
                closeQuietly(created);
                if (directory != null) {
                    ScratchDirectory.deleteRecursively(directory);
                }
            }
        }
        driver = created;
        scratch = directory;
    }

    @Override
    public synchronized String topicNamePrefix() {
        return driver().getTopicNamePrefix();
    }

    @Override
    public synchronized void createTopics(List<TopicInfo> topics) {
        await(driver().createTopics(topics), "create " + topics.size() + " topic(s)");
    }

    @Override
    public synchronized void createConsumers(List<ConsumerSpec> specs, MeasurementPlan plan) {
        this.measurement = plan;
        List<ConsumerInfo> infos = new ArrayList<>(specs.size());
        for (ConsumerSpec spec : specs) {
            MeasuringConsumerCallback callback = new MeasuringConsumerCallback(spec.topic(), spec.subscription(),
                    plan.headers(), plan.producers(), new OrderingCheck(plan.ordering(), plan.keyCount()), clock);
            consumers.add(new ConsumerSlot(spec, callback));
            infos.add(new ConsumerInfo(consumers.size() - 1, spec.topic(), spec.subscription(), callback));
        }
        openConsumers(infos);
    }

    private void openConsumers(List<ConsumerInfo> infos) {
        List<BenchmarkConsumer> opened = await(driver().createConsumers(infos), "create " + infos.size() + " consumer(s)");
        for (int i = 0; i < infos.size(); i++) {
            consumers.get(infos.get(i).getId()).driverConsumer = opened.get(i);
        }
    }

    @Override
    public synchronized void createProducers(List<ProducerSpec> specs) {
        List<ProducerInfo> infos = new ArrayList<>(specs.size());
        for (int i = 0; i < specs.size(); i++) {
            infos.add(new ProducerInfo(i, specs.get(i).topic()));
        }
        List<BenchmarkProducer> created = await(driver().createProducers(infos), "create " + specs.size() + " producer(s)");
        for (int i = 0; i < specs.size(); i++) {
            producers.add(new PacedProducerSlot(specs.get(i), created.get(i)));
        }
    }

    /**
     * Publishes a few probe messages on every topic this worker produces to (spread over keys, so
     * over partitions). Consumers recognise them by their producer id and do not count them.
     */
    @Override
    public synchronized void sendProbes(byte[] template) {
        Map<String, BenchmarkProducer> oneProducerPerTopic = new LinkedHashMap<>();
        for (PacedProducerSlot slot : producers) {
            oneProducerPerTopic.putIfAbsent(slot.spec.topic(), slot.driverProducer);
        }
        for (BenchmarkProducer producer : oneProducerPerTopic.values()) {
            for (int i = 0; i < PROBES_PER_TOPIC; i++) {
                byte[] payload = template.clone();
                if (payload.length >= MessageHeader.SIZE) {
                    long now = WallClock.nowEpochMicros();
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
        for (ConsumerSlot slot : consumers) {
            status.merge(slot.spec.topic() + "/" + slot.spec.subscription(), slot.callback.probeSeen(), Boolean::logicalOr);
        }
        return status;
    }

    @Override
    public synchronized void startLoad(LoadPlan plan) {
        if (!loops.isEmpty()) {
            throw new IllegalStateException("load already running");
        }
        if (producers.isEmpty()) {
            return;
        }
        int threads = Math.min(loadThreadLimit, producers.size());
        List<List<PacedProducer>> perThread = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            perThread.add(new ArrayList<>());
            publishStats.add(new PublishStats());
        }
        long start = clock.nanoTime();
        for (int i = 0; i < producers.size(); i++) {
            PacedProducerSlot slot = producers.get(i);
            int thread = i % threads;
            boolean reuse = slot.driverProducer instanceof PayloadCopyingProducer;
            RateSchedule schedule = RateSchedule.of(plan.ratePerProducer(), start, (double) i / producers.size());
            slot.paced = new PacedProducer(slot.spec.id(), slot.spec.topic(), slot.driverProducer, schedule,
                    KeyChooser.of(plan.keyDistributor(), slot.spec.id()), new PayloadSource(plan.payloads(), reuse),
                    measurement == null || measurement.headers(), plan.maxInFlightPerProducer(),
                    publishStats.get(thread), clock);
            perThread.get(thread).add(slot.paced);
        }
        for (int t = 0; t < threads; t++) {
            PublishLoop loop = new PublishLoop("load-" + t, perThread.get(t), clock);
            Thread thread = new Thread(loop, "brokerbench-" + loop.name());
            thread.setDaemon(true);
            loops.add(loop);
            loadThreads.add(thread);
            thread.start();
        }
    }

    /**
     * Stops publishing and waits for the load threads to finish their current message. A thread
     * still inside the driver's {@code sendAsync} after {@link #STOP_GRACE} (a client blocked on a
     * full buffer while its broker is down) is interrupted, which the clients answer by failing that
     * send.
     */
    @Override
    public synchronized void stopLoad() throws InterruptedException {
        if (stopNanos == Long.MIN_VALUE) {
            stopNanos = clock.nanoTime();
        }
        loops.forEach(PublishLoop::stop);
        for (Thread thread : loadThreads) {
            thread.join(STOP_GRACE.toMillis());
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(STOP_GRACE.toMillis());
            }
        }
    }

    /** Closes the driver's consumers but keeps their measurements; {@link #reopenConsumers} resumes. */
    @Override
    public synchronized void closeConsumers() {
        for (ConsumerSlot slot : consumers) {
            closeQuietly(slot.driverConsumer);
            slot.driverConsumer = null;
        }
    }

    @Override
    public synchronized void reopenConsumers() {
        List<ConsumerInfo> infos = new ArrayList<>();
        for (int i = 0; i < consumers.size(); i++) {
            ConsumerSlot slot = consumers.get(i);
            infos.add(new ConsumerInfo(i, slot.spec.topic(), slot.spec.subscription(), slot.callback));
        }
        openConsumers(infos);
    }

    @Override
    public synchronized WorkerSnapshot snapshot() {
        interval.reset();
        long errors = 0;
        for (PublishStats stats : publishStats) {
            stats.drainInto(interval);
            errors += stats.errorsTotal();
        }
        long received = 0;
        for (ConsumerSlot slot : consumers) {
            slot.callback.drainInto(interval);
            received += slot.callback.receivedCount();
        }
        sentTotal += interval.get(Metric.PUBLISH_DELAY).getTotalCount();
        ackedTotal += interval.get(Metric.PUBLISH_LATENCY).getTotalCount();
        return new WorkerSnapshot(interval.copy(), sentTotal, ackedTotal, errors, received,
                CpuTime.processSeconds(), loadThreadCpuSeconds(), sampler.sample(driver));
    }

    private double loadThreadCpuSeconds() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long nanos = 0;
        for (Thread thread : loadThreads) {
            long cpu = threads.getThreadCpuTime(thread.getId());
            nanos += Math.max(0, cpu);
        }
        return nanos / 1e9;
    }

    /** What each producer was due to send and what became of it; valid once the load is stopped. */
    @Override
    public synchronized List<ProducerTally> producerTallies() {
        List<ProducerTally> tallies = new ArrayList<>(producers.size());
        for (PacedProducerSlot slot : producers) {
            tallies.add(slot.paced == null ? new ProducerTally(slot.spec.id(), slot.spec.topic(), 0, 0, 0, 0, 0, 0, 0)
                    : slot.paced.tally(stopNanos == Long.MIN_VALUE ? clock.nanoTime() : stopNanos));
        }
        return tallies;
    }

    @Override
    public synchronized List<ConsumerDelivery> consumerDeliveries() {
        List<ConsumerDelivery> deliveries = new ArrayList<>(consumers.size());
        for (ConsumerSlot slot : consumers) {
            deliveries.add(slot.callback.delivery());
        }
        return deliveries;
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
        for (PacedProducerSlot slot : producers) {
            closeQuietly(slot.driverProducer);
        }
        closeConsumers();
        if (driver != null) {
            closeQuietly(driver);
            driver = null;
        }
        if (scratch != null) {
            ScratchDirectory.deleteRecursively(scratch);
            scratch = null;
        }
    }

    private BenchmarkDriver driver() {
        if (driver == null) {
            throw new IllegalStateException("driver not initialized");
        }
        return driver;
    }

    private static <T> T await(CompletableFuture<T> future, String what) {
        try {
            return future.get(DRIVER_OPERATION_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new DriverException("driver did not " + what + " within " + DRIVER_OPERATION_TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new DriverException("driver failed to " + what + ": " + DriverException.describe(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to " + what);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing after a run: the measurement is already taken, nothing useful to do with the error
        }
    }

    private static final class PacedProducerSlot {
        final ProducerSpec spec;
        final BenchmarkProducer driverProducer;
        PacedProducer paced;

        PacedProducerSlot(ProducerSpec spec, BenchmarkProducer driverProducer) {
            this.spec = spec;
            this.driverProducer = driverProducer;
        }
    }

    private static final class ConsumerSlot {
        final ConsumerSpec spec;
        final MeasuringConsumerCallback callback;
        BenchmarkConsumer driverConsumer;

        ConsumerSlot(ConsumerSpec spec, MeasuringConsumerCallback callback) {
            this.spec = spec;
            this.callback = callback;
        }
    }
}
