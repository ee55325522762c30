package io.brokerbench.workload;

import io.brokerbench.config.ConfigException;
import io.brokerbench.config.EnvironmentPlaceholders;
import io.brokerbench.yaml.YamlDocument;
import io.brokerbench.yaml.YamlException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a workload YAML file (OpenMessaging Benchmark's format plus our second-based durations)
 * into a {@link Workload}, which declares and checks every key. Everything a run would trip over
 * later is rejected here, before anything starts, with a one-line {@link ConfigException}.
 */
public final class WorkloadLoader {

    /**
     * Keys found in workload files of OMB variants (backlog pauses, selector rates) that
     * this framework does not implement. They are accepted so those files load, and listed in
     * {@link Workload#ignoredKeys()} so the caller can tell the user they had no effect.
     */
    static final Set<String> OMB_VARIANT_KEYS = Set.of("acceptableBacklog",
            "producerPauseBeforeDrain", "producerPauseDuringDrain", "messageRateReceivedForSubscription",
            "ensureTopicsAreReady");

    /**
     * Confluent's OMB fork's key, refused rather than ignored: its producers publish during the warm-up, so
     * reading it as a consumer-only run here would measure something else than the file meant.
     */
    static final String CONFLUENT_CONSUMER_ONLY = "consumerOnly";

    private final Map<String, String> environment;
    private final PayloadLocator payloads;

    /**
     * @param environment variables for {@code ${NAME:-default}} placeholders
     * @param workingDirectory where relative payload files are looked up first
     * @param home the project home, where relative payload files are looked up second; may be null
     */
    public WorkloadLoader(Map<String, String> environment, Path workingDirectory, Path home) {
        this.environment = Map.copyOf(environment);
        this.payloads = new PayloadLocator(workingDirectory, home);
    }

    /** Loads with the process environment, the working directory and {@code -Dbenchmark.home}. */
    public static Workload load(Path file) {
        return load(file, Map.of());
    }

    /** As {@link #load(Path)}, with keys the command line sets over the file's (see {@link #read(Path, Map)}). */
    public static Workload load(Path file, Map<String, Object> overrides) {
        String home = System.getProperty("benchmark.home");
        return new WorkloadLoader(System.getenv(), Path.of(""), home == null || home.isBlank() ? null : Path.of(home))
                .read(file, overrides);
    }

    public Workload read(Path file) {
        return read(file, Map.of());
    }

    /** An override under this key is a list of faults added after the file's own (the command line's {@code --fault}). */
    public static final String ADDED_FAULTS = "faults+";

    /**
     * Reads {@code file} with {@code overrides} replacing its keys' values ({@link #ADDED_FAULTS}: adding
     * to its faults), checked as if the file said them.
     */
    public Workload read(Path file, Map<String, Object> overrides) {
        try {
            String text = EnvironmentPlaceholders.substitute(file, YamlDocument.readText(file), environment);
            YamlDocument document = YamlDocument.parse(file, text);
            Map<String, String> ignored = document.remove(OMB_VARIANT_KEYS);
            Map<String, String> refused = document.remove(Set.of(CONFLUENT_CONSUMER_ONLY));
            if (!refused.isEmpty()) {
                throw new ConfigException(YamlException.fieldMessage(file, CONFLUENT_CONSUMER_ONLY,
                        refused.get(CONFLUENT_CONSUMER_ONLY), "Confluent's fork's consumer-only test (producers build a"
                        + " backlog in the warm-up, then stop) is not implemented: for a run that only reads, name the"
                        + " topics in 'existingTopicList' and set producersPerTopic: 0 (docs/run-shapes.md)"));
            }
            document.setDefault("name", baseName(file));
            overrides.forEach((key, value) -> {
                if (key.equals(ADDED_FAULTS)) {
                    document.append("faults", (List<?>) value);
                } else {
                    document.override(key, value);
                }
            });
            return document.bind(Workload.class,
                    Map.of(Workload.PAYLOAD_LOCATOR, payloads, Workload.IGNORED_KEYS, ignored));
        } catch (YamlException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }

    private static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
