package io.brokerbench.workload;

import io.brokerbench.config.ConfigException;
import io.brokerbench.config.DidYouMean;
import io.brokerbench.config.EnvironmentPlaceholders;
import io.brokerbench.config.YamlFields;
import io.brokerbench.config.YamlTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates a workload YAML file (OpenMessaging Benchmark's format plus our second-based
 * durations). Everything a run would trip over later is rejected here, before anything starts,
 * with a one-line {@link ConfigException}.
 */
public final class WorkloadLoader {

    /** The keys of OMB's workload format, then ours. */
    static final List<String> KEYS = List.of(
            "name", "topics", "partitionsPerTopic", "keyDistributor", "messageSize",
            "useRandomizedPayloads", "randomBytesRatio", "randomizedPayloadPoolSize", "payloadFile",
            "subscriptionsPerTopic", "producersPerTopic", "consumerPerSubscription", "producerRate",
            "consumerBacklogSizeGB", "backlogDrainRatio", "testDurationMinutes", "warmupDurationMinutes",
            "testDurationSeconds", "warmupDurationSeconds", "reportingIntervalSeconds");

    /**
     * Keys found in workload files of OMB variants (rate ramps, backlog pauses, selector rates) that
     * this framework does not implement. They are accepted so those files load, and listed in
     * {@link Workload#ignoredKeys()} so the caller can tell the user they had no effect.
     */
    static final Set<String> OMB_VARIANT_KEYS = Set.of(
            "producerStartRate", "producerIncrementRate", "producerIncrementSeconds", "acceptableBacklog",
            "producerPauseBeforeDrain", "producerPauseDuringDrain", "messageRateReceivedForSubscription",
            "ensureTopicsAreReady");

    /** A randomized pool larger than this would exhaust a default-sized heap before the run starts. */
    private static final long MAX_POOL_BYTES = 1L << 30;

    private final Map<String, String> environment;
    private final Path workingDirectory;
    private final Path home;

    /**
     * @param environment variables for {@code ${NAME:-default}} placeholders
     * @param workingDirectory where relative payload files are looked up first
     * @param home the project home, where relative payload files are looked up second; may be null
     */
    public WorkloadLoader(Map<String, String> environment, Path workingDirectory, Path home) {
        this.environment = Map.copyOf(environment);
        this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
        this.home = home == null ? null : home.toAbsolutePath().normalize();
    }

    /** Loads with the process environment, the working directory and {@code -Dbenchmark.home}. */
    public static Workload load(Path file) {
        String home = System.getProperty("benchmark.home");
        return new WorkloadLoader(System.getenv(), Path.of(""), home == null || home.isBlank() ? null : Path.of(home))
                .read(file);
    }

    public Workload read(Path file) {
        String text = EnvironmentPlaceholders.substitute(file, YamlTree.readText(file), environment);
        YamlFields f = new YamlFields(file, YamlTree.parseMapping(file, text));
        f.rejectUnknownKeys(KEYS, OMB_VARIANT_KEYS, "workload");

        Workload.Builder b = Workload.builder();
        String name = f.scalarText("name");
        if (name != null && name.isBlank()) {
            throw ConfigException.field(file, "name", name, "must not be empty");
        }
        b.name(name != null ? name : baseName(file));

        int topics = required(f, "topics", 1);
        b.topics(topics);
        b.partitionsPerTopic(required(f, "partitionsPerTopic", 1));
        int messageSize = required(f, "messageSize", 1);
        b.messageSize(messageSize);
        b.keyDistributor(keyDistributor(f));

        int subscriptions = f.integer("subscriptionsPerTopic", 0, 0);
        int producers = f.integer("producersPerTopic", 0, 0);
        int consumers = f.integer("consumerPerSubscription", 0, 0);
        b.subscriptionsPerTopic(subscriptions).producersPerTopic(producers).consumerPerSubscription(consumers);
        b.producerRate(f.decimal("producerRate", 0, 0, Double.MAX_VALUE));
        // OMB's field is whole gigabytes; a fraction (0.01 = ~10 MB) lets a backlog test finish in seconds
        double backlogGB = f.decimal("consumerBacklogSizeGB", 0, 0, Double.MAX_VALUE);
        b.consumerBacklogSizeGB(backlogGB);
        b.backlogDrainRatio(f.decimal("backlogDrainRatio", 1.0, 0, 1));

        checkShape(f, subscriptions, producers, consumers, backlogGB);
        payload(f, b, messageSize);
        durations(f, b);

        for (String key : f.keys()) {
            if (OMB_VARIANT_KEYS.contains(key)) {
                b.ignoredKey(key, f.rawText(key));
            }
        }
        return b.build();
    }

    private static int required(YamlFields f, String key, int min) {
        if (!f.has(key)) {
            throw ConfigException.file(f.file(), "missing required field '" + key + "'");
        }
        return f.integer(key, 0, min);
    }

    private static KeyDistributorType keyDistributor(YamlFields f) {
        String value = f.string("keyDistributor");
        if (value == null) {
            return KeyDistributorType.NO_KEY;
        }
        List<String> known = Arrays.stream(KeyDistributorType.values()).map(Enum::name).toList();
        if (!known.contains(value)) {
            throw ConfigException.field(f.file(), "keyDistributor", value,
                    "unknown key distributor (known: " + String.join(", ", known) + ")"
                            + DidYouMean.suggestion(value, known));
        }
        return KeyDistributorType.valueOf(value);
    }

    private static void checkShape(YamlFields f, int subscriptions, int producers, int consumers, double backlogGB) {
        Path file = f.file();
        if (producers == 0 && subscriptions == 0) {
            throw ConfigException.file(file,
                    "nothing to run: producersPerTopic and subscriptionsPerTopic are both 0 (or missing)");
        }
        if (producers == 0) {
            throw ConfigException.field(file, "producersPerTopic", 0, "no producers, so the "
                    + subscriptions + " subscription(s) per topic would never receive a message");
        }
        if (subscriptions > 0 && consumers == 0) {
            throw ConfigException.field(file, "consumerPerSubscription", 0, "must be at least 1 when "
                    + "subscriptionsPerTopic is " + subscriptions + " (OMB's default is 0, so set it)");
        }
        if (backlogGB > 0 && subscriptions == 0) {
            throw ConfigException.field(file, "consumerBacklogSizeGB", backlogGB,
                    "a backlog needs subscriptions to build up in, but subscriptionsPerTopic is 0");
        }
    }

    private void payload(YamlFields f, Workload.Builder b, int messageSize) {
        Path file = f.file();
        boolean randomized = f.bool("useRandomizedPayloads", false);
        double ratio = f.decimal("randomBytesRatio", 0, 0, 1);
        int pool = f.integer("randomizedPayloadPoolSize", 0, 0);
        String payloadFile = f.string("payloadFile");
        b.useRandomizedPayloads(randomized).randomBytesRatio(ratio).randomizedPayloadPoolSize(pool);
        if (randomized) {
            if (pool < 1) {
                throw ConfigException.field(file, "randomizedPayloadPoolSize", pool,
                        "must be at least 1 when useRandomizedPayloads is true");
            }
            if ((long) pool * messageSize > MAX_POOL_BYTES) {
                throw ConfigException.field(file, "randomizedPayloadPoolSize", pool, "a pool of " + pool
                        + " payloads of " + messageSize + " bytes would take more than 1 GiB of memory");
            }
            // like OMB, a payloadFile next to useRandomizedPayloads: true is not used, so not checked
            b.payloadFile(payloadFile, null);
            return;
        }
        if (payloadFile == null) {
            throw ConfigException.file(file,
                    "no payload: give 'payloadFile' or set 'useRandomizedPayloads: true'");
        }
        if (payloadFile.isBlank()) {
            throw ConfigException.field(file, "payloadFile", payloadFile, "must not be empty");
        }
        Path resolved = resolvePayload(f, payloadFile);
        long size;
        try {
            size = Files.size(resolved);
        } catch (IOException e) {
            throw ConfigException.field(file, "payloadFile", payloadFile, "cannot read " + resolved);
        }
        if (!Files.isReadable(resolved)) {
            throw ConfigException.field(file, "payloadFile", payloadFile, "cannot read " + resolved);
        }
        if (size != messageSize) {
            throw ConfigException.field(file, "payloadFile", payloadFile, resolved + " is " + size
                    + " bytes but messageSize is " + messageSize + " (they must match)");
        }
        b.payloadFile(payloadFile, resolved);
    }

    /** As given if absolute; else relative to the working directory; else relative to the project home. */
    private Path resolvePayload(YamlFields f, String payloadFile) {
        Path given = Path.of(payloadFile);
        List<Path> tried = new ArrayList<>();
        if (given.isAbsolute()) {
            tried.add(given);
        } else {
            tried.add(workingDirectory.resolve(given).normalize());
            if (home != null && !home.equals(workingDirectory)) {
                tried.add(home.resolve(given).normalize());
            }
        }
        for (Path candidate : tried) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        for (Path candidate : tried) {
            if (Files.isDirectory(candidate)) {
                throw ConfigException.field(f.file(), "payloadFile", payloadFile,
                        candidate + " is a directory, not a file");
            }
        }
        String where = tried.size() == 1 ? tried.get(0).toString()
                : tried.get(0) + " or " + tried.get(1);
        String hint = home == null && !given.isAbsolute() ? " (set -Dbenchmark.home to the project root)" : "";
        throw ConfigException.field(f.file(), "payloadFile", payloadFile, "no such file: " + where + hint);
    }

    private static void durations(YamlFields f, Workload.Builder b) {
        Path file = f.file();
        bothForms(f, "testDurationMinutes", "testDurationSeconds");
        bothForms(f, "warmupDurationMinutes", "warmupDurationSeconds");
        long testSeconds;
        if (f.has("testDurationSeconds")) {
            int seconds = f.integer("testDurationSeconds", 0, 1);
            b.testDurationSeconds(seconds);
            testSeconds = seconds;
        } else if (f.has("testDurationMinutes")) {
            int minutes = f.integer("testDurationMinutes", 0, 1);
            b.testDurationMinutes(minutes);
            testSeconds = minutes * 60L;
        } else {
            throw ConfigException.file(file, "missing required field 'testDurationMinutes' (or 'testDurationSeconds')");
        }
        if (f.has("warmupDurationSeconds")) {
            b.warmupDurationSeconds(f.integer("warmupDurationSeconds", 0, 0));
        } else {
            b.warmupDurationMinutes(f.integer("warmupDurationMinutes", 1, 0));
        }
        int interval = f.integer("reportingIntervalSeconds", 10, 1);
        if (f.has("reportingIntervalSeconds") && interval > testSeconds) {
            throw ConfigException.field(file, "reportingIntervalSeconds", interval,
                    "longer than the test duration (" + testSeconds + " s), so no interval would be reported");
        }
        // the default interval shrinks for very short tests, so every test yields at least one point
        b.reportingIntervalSeconds((int) Math.min(interval, testSeconds));
    }

    private static void bothForms(YamlFields f, String minutesKey, String secondsKey) {
        if (f.has(minutesKey) && f.has(secondsKey)) {
            throw ConfigException.fieldAsWritten(f.file(), secondsKey, f.rawText(secondsKey),
                    "give either '" + minutesKey + "' (= " + f.rawText(minutesKey) + ") or '" + secondsKey
                            + "', not both");
        }
    }

    private static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
