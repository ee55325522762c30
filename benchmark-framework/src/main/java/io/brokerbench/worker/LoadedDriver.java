package io.brokerbench.worker;

import io.brokerbench.config.DriverClassResolver;
import io.brokerbench.driver.CommittedReads;
import io.brokerbench.driver.QueueConsumers;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.driver.ExistingTopics;
import io.brokerbench.lifecycle.ScratchDirectory;
import io.brokerbench.lifecycle.ScratchJanitor;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkDriver.ConsumerInfo;
import io.openmessaging.benchmark.driver.BenchmarkDriver.ProducerInfo;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * One broker driver set up in this JVM, with the topics, producers and consumers it created, until
 * {@link #close} closes them all and deletes the driver's scratch directory. Each creation waits for
 * the driver at most {@link #OPERATION_TIMEOUT}, so a broker that does not answer fails the run
 * instead of hanging it. Measuring is not its business: it hands out the driver's producers and
 * opens consumers on the callbacks it is given.
 */
final class LoadedDriver implements AutoCloseable {

    /** How long a driver may take to create topics, producers or consumers before the run fails. */
    static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(120);
    private static final FileAttribute<?> OWNER_ONLY = PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-------"));

    private final BenchmarkDriver driver;
    /** The directory created for the copy of the driver file: the only one this deletes. */
    private final Path scratch;
    /** Removes {@link #scratch} if this JVM dies before {@link #close}: the driver file may hold a password. */
    private final ScratchJanitor janitor;
    private final List<BenchmarkProducer> producers = new ArrayList<>();
    /** Every consumer asked for, by id; they are opened again from these after {@link #closeConsumers}. */
    private final List<ConsumerInfo> consumerInfos = new ArrayList<>();
    private final List<BenchmarkConsumer> openConsumers = new ArrayList<>();

    private LoadedDriver(BenchmarkDriver driver, Path scratch, ScratchJanitor janitor) {
        this.driver = driver;
        this.scratch = scratch;
        this.janitor = janitor;
    }

    /** The driver itself, for reading what it reports about its clients ({@code ClientMetrics}). */
    BenchmarkDriver driver() {
        return driver;
    }

    /** Whether the driver's consumers promise to read only committed data ({@link CommittedReads}). */
    boolean consumersReadCommittedOnly() {
        return driver instanceof CommittedReads committed && committed.consumersReadCommittedOnly();
    }

    /** Whether the driver's consumers take records from a queue ({@link QueueConsumers}). */
    boolean consumersFollowQueueRules() {
        return driver instanceof QueueConsumers queue && queue.consumersFollowQueueRules();
    }

    /**
     * Instantiates the driver class and initializes it from a copy of the driver file that keeps the
     * user's file name, so the driver's own messages name that file. A driver that fails half-way
     * is closed at once: it may already hold clients and threads (an admin client, say).
     */
    static LoadedDriver initialize(DriverSetup setup, StatsLogger statsLogger) throws IOException, InterruptedException {
        String fileName = setup.fileName();
        BenchmarkDriver created = DriverClassResolver.instantiate(setup.driverClass(), setup.sourceFile());
        Path directory = null;
        ScratchJanitor janitor = null;
        Path file = null;
        boolean initialized = false;
        try {
            directory = Files.createTempDirectory("brokerbench-driver-"); // mode 0700
            janitor = ScratchJanitor.watch(directory);
            // readable by this user only: a driver file may hold a broker's password
            file = Files.writeString(Files.createFile(directory.resolve(fileName), OWNER_ONLY), setup.yaml(),
                    StandardCharsets.UTF_8);
            created.initialize(file.toFile(), statsLogger);
            initialized = true;
        } catch (RuntimeException | IOException | LinkageError e) {
            // the driver read the scratch copy, so its message names that: show the user's file instead
            String reason = OneLine.of(e);
            throw new DriverException(setup.sourceFile() + ": driver " + setup.name() + " failed to initialize: "
                    + (file == null ? reason : reason.replace(file.toString(), setup.sourceFile())), e);
        } finally {
            if (!initialized) {
                closeQuietly(created);
                if (directory != null) {
                    ScratchDirectory.deleteRecursively(directory);
                }
                if (janitor != null) {
                    janitor.dismiss();
                }
            }
        }
        return new LoadedDriver(created, directory, janitor);
    }

    String topicNamePrefix() {
        return driver.getTopicNamePrefix();
    }

    void createTopics(List<TopicInfo> topics) {
        await(driver.createTopics(topics), "create " + topics.size() + " topic(s)");
    }

    TopicLookup lookUpTopics(List<String> topics) {
        if (!(driver instanceof ExistingTopics existing)) {
            return new TopicLookup(false, Map.of());
        }
        return new TopicLookup(true, await(existing.partitionsOf(topics), "look up " + topics.size() + " topic(s)"));
    }

    /** The driver's producers, one per topic given, in that order. */
    List<BenchmarkProducer> createProducers(List<String> topics) {
        List<ProducerInfo> infos = new ArrayList<>(topics.size());
        for (int i = 0; i < topics.size(); i++) {
            infos.add(new ProducerInfo(i, topics.get(i)));
        }
        List<BenchmarkProducer> created = await(driver.createProducers(infos), "create " + topics.size() + " producer(s)");
        producers.addAll(created);
        return created;
    }

    /** Opens one consumer per spec, delivering to the callback at the same index. */
    void createConsumers(List<ConsumerSpec> specs, List<? extends ConsumerCallback> callbacks) {
        List<ConsumerInfo> infos = new ArrayList<>(specs.size());
        for (int i = 0; i < specs.size(); i++) {
            ConsumerSpec spec = specs.get(i);
            infos.add(new ConsumerInfo(consumerInfos.size() + i, spec.topic(), spec.subscription(), callbacks.get(i)));
        }
        consumerInfos.addAll(infos);
        open(infos);
    }

    /** Closes the driver's consumers; their callbacks, and so what they measured, stay with the caller. */
    void closeConsumers() {
        openConsumers.forEach(LoadedDriver::closeQuietly);
        openConsumers.clear();
    }

    /** Opens every consumer created so far again, on the same subscriptions and callbacks. */
    void reopenConsumers() {
        open(consumerInfos);
    }

    private void open(List<ConsumerInfo> infos) {
        openConsumers.addAll(await(driver.createConsumers(infos), "create " + infos.size() + " consumer(s)"));
    }

    /** Closes the producers, the consumers and the driver, and deletes the scratch directory. */
    @Override
    public void close() {
        producers.forEach(LoadedDriver::closeQuietly);
        producers.clear();
        closeConsumers();
        closeQuietly(driver);
        ScratchDirectory.deleteRecursively(scratch);
        janitor.dismiss();
    }

    private static <T> T await(CompletableFuture<T> future, String what) {
        try {
            return future.get(OPERATION_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new DriverException("driver did not " + what + " within " + OPERATION_TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new DriverException("driver failed to " + what + ": " + OneLine.of(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to " + what);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing after a run: the measurement is already taken, nothing useful to do with the error
        }
    }
}
