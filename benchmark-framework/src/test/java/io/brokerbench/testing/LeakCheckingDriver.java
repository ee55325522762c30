package io.brokerbench.testing;

import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The in-memory driver, keeping a {@link Ledger} of its instances (which ledger: the YAML key
 * {@code ledger}) and failing on request at one setup step (YAML key {@code failAt}), as a driver
 * whose broker is unreachable does: proof that every driver a worker sets up is closed again.
 */
public final class LeakCheckingDriver implements BenchmarkDriver {

    /** The setup step that fails. INITIALIZE fails after the driver has "connected", as Kafka's does. */
    public enum Step {
        NONE, INITIALIZE, CREATE_TOPICS, CREATE_CONSUMERS, CREATE_PRODUCERS
    }

    private static final Map<String, Ledger> LEDGERS = new ConcurrentHashMap<>();
    private static final Pattern LEDGER = Pattern.compile("(?m)^ledger:\\s*(\\S+)");
    private static final Pattern FAIL_AT = Pattern.compile("(?m)^failAt:\\s*(\\w+)");

    private final InMemoryBenchmarkDriver delegate = new InMemoryBenchmarkDriver();
    private Ledger ledger;
    private Step failAt = Step.NONE;

    /** The driver file's text for a new ledger; read the ledger back with {@link #ledger}. */
    public static String yaml(String ledgerName, Step failAt) {
        return "name: LeakChecking\ndriverClass: " + LeakCheckingDriver.class.getName() + "\nledger: " + ledgerName
                + "\nfailAt: " + failAt + "\n";
    }

    /** A fresh ledger name, so tests do not read each other's counts. */
    public static String newLedger() {
        return UUID.randomUUID().toString();
    }

    public static Ledger ledger(String name) {
        return LEDGERS.computeIfAbsent(name, n -> new Ledger());
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        String yaml = Files.readString(configurationFile.toPath());
        Matcher name = LEDGER.matcher(yaml);
        if (!name.find()) {
            throw new IOException(configurationFile + ": no 'ledger' key");
        }
        ledger = ledger(name.group(1));
        Matcher step = FAIL_AT.matcher(yaml);
        if (step.find()) {
            failAt = Step.valueOf(step.group(1));
        }
        ledger.opened(configurationFile.toPath());
        if (failAt == Step.INITIALIZE) {
            throw new IOException("cannot reach the broker (injected by the test)");
        }
        // the file carries this driver's own keys, which the in-memory driver's strict reading would reject
        delegate.initialize(null, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return "leak-check";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return failAt == Step.CREATE_TOPICS ? injected("topic") : delegate.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return failAt == Step.CREATE_PRODUCERS ? injected("producer") : delegate.createProducer(topic);
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription, ConsumerCallback callback) {
        return failAt == Step.CREATE_CONSUMERS ? injected("consumer") : delegate.createConsumer(topic, subscription, callback);
    }

    private static <T> CompletableFuture<T> injected(String what) {
        return CompletableFuture.failedFuture(new IllegalStateException("cannot create the " + what
                + " (injected by the test)"));
    }

    @Override
    public void close() {
        delegate.close();
        if (ledger != null) {
            ledger.closed.incrementAndGet();
        }
    }

    /** Counts of one test's drivers, and where each found its driver file. */
    public static final class Ledger {
        private final AtomicInteger opened = new AtomicInteger();
        private final AtomicInteger closed = new AtomicInteger();
        private final List<Path> files = new CopyOnWriteArrayList<>();

        void opened(Path file) {
            files.add(file);
            opened.incrementAndGet();
        }

        /** Drivers that began initializing. */
        public int opened() {
            return opened.get();
        }

        public int closed() {
            return closed.get();
        }

        /** The driver files the drivers were given, each in its worker's scratch directory. */
        public List<Path> files() {
            return List.copyOf(files);
        }
    }
}
