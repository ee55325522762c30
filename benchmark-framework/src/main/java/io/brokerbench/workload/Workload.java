package io.brokerbench.workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One benchmark workload: the fields of OpenMessaging Benchmark's workload YAML with OMB's meanings
 * and defaults, plus second-granularity durations and a reporting interval of our own.
 *
 * <p>Instances are validated by {@link WorkloadLoader}; the {@link Builder} does not validate, so
 * tests can build any shape they need.
 */
public final class Workload {

    private final String name;
    private final int topics;
    private final int partitionsPerTopic;
    private final KeyDistributorType keyDistributor;
    private final int messageSize;
    private final boolean useRandomizedPayloads;
    private final double randomBytesRatio;
    private final int randomizedPayloadPoolSize;
    private final String payloadFile;
    private final Path payloadPath;
    private final int subscriptionsPerTopic;
    private final int producersPerTopic;
    private final int consumerPerSubscription;
    private final double producerRate;
    private final double consumerBacklogSizeGB;
    private final double backlogDrainRatio;
    private final int testDurationMinutes;
    private final int testDurationSeconds;
    private final int warmupDurationMinutes;
    private final int warmupDurationSeconds;
    private final int reportingIntervalSeconds;
    private final Map<String, String> ignoredKeys;

    private Workload(Builder b) {
        this.name = b.name;
        this.topics = b.topics;
        this.partitionsPerTopic = b.partitionsPerTopic;
        this.keyDistributor = Objects.requireNonNull(b.keyDistributor, "keyDistributor");
        this.messageSize = b.messageSize;
        this.useRandomizedPayloads = b.useRandomizedPayloads;
        this.randomBytesRatio = b.randomBytesRatio;
        this.randomizedPayloadPoolSize = b.randomizedPayloadPoolSize;
        this.payloadFile = b.payloadFile;
        this.payloadPath = b.payloadPath;
        this.subscriptionsPerTopic = b.subscriptionsPerTopic;
        this.producersPerTopic = b.producersPerTopic;
        this.consumerPerSubscription = b.consumerPerSubscription;
        this.producerRate = b.producerRate;
        this.consumerBacklogSizeGB = b.consumerBacklogSizeGB;
        this.backlogDrainRatio = b.backlogDrainRatio;
        this.testDurationMinutes = b.testDurationMinutes;
        this.testDurationSeconds = b.testDurationSeconds;
        this.warmupDurationMinutes = b.warmupDurationMinutes;
        this.warmupDurationSeconds = b.warmupDurationSeconds;
        this.reportingIntervalSeconds = b.reportingIntervalSeconds;
        this.ignoredKeys = Collections.unmodifiableMap(new LinkedHashMap<>(b.ignoredKeys));
    }

    public static Builder builder() {
        return new Builder();
    }

    public String name() {
        return name;
    }

    public int topics() {
        return topics;
    }

    public int partitionsPerTopic() {
        return partitionsPerTopic;
    }

    public KeyDistributorType keyDistributor() {
        return keyDistributor;
    }

    public int messageSize() {
        return messageSize;
    }

    public boolean useRandomizedPayloads() {
        return useRandomizedPayloads;
    }

    /** Share of each randomized payload that is random; the rest is zeros (OMB's compression knob). */
    public double randomBytesRatio() {
        return randomBytesRatio;
    }

    public int randomizedPayloadPoolSize() {
        return randomizedPayloadPoolSize;
    }

    /** The payload file as written in the YAML, or null. */
    public String payloadFile() {
        return payloadFile;
    }

    /** The payload file resolved to an absolute path; null when payloads are randomized. */
    public Path payloadPath() {
        return payloadPath;
    }

    public int subscriptionsPerTopic() {
        return subscriptionsPerTopic;
    }

    public int producersPerTopic() {
        return producersPerTopic;
    }

    public int consumerPerSubscription() {
        return consumerPerSubscription;
    }

    /** Messages per second for the whole workload, across all producers; 0 means as fast as possible. */
    public double producerRate() {
        return producerRate;
    }

    public boolean isMaxRate() {
        return producerRate == 0;
    }

    public double consumerBacklogSizeGB() {
        return consumerBacklogSizeGB;
    }

    /** Share of the built-up backlog that must be drained before the test may end (1.0 = all of it). */
    public double backlogDrainRatio() {
        return backlogDrainRatio;
    }

    /** As written; 0 when the duration was given in seconds. */
    public int testDurationMinutes() {
        return testDurationMinutes;
    }

    /** As written; 0 when the duration was given in minutes. */
    public int testDurationSeconds() {
        return testDurationSeconds;
    }

    /** As written (OMB default 1); 0 when the warm-up was given in seconds. */
    public int warmupDurationMinutes() {
        return warmupDurationMinutes;
    }

    /** As written; 0 when the warm-up was given in minutes. */
    public int warmupDurationSeconds() {
        return warmupDurationSeconds;
    }

    public int reportingIntervalSeconds() {
        return reportingIntervalSeconds;
    }

    public Duration testDuration() {
        return testDurationSeconds > 0 ? Duration.ofSeconds(testDurationSeconds) : Duration.ofMinutes(testDurationMinutes);
    }

    public Duration warmupDuration() {
        return warmupDurationSeconds > 0
                ? Duration.ofSeconds(warmupDurationSeconds)
                : Duration.ofMinutes(warmupDurationMinutes);
    }

    public Duration reportingInterval() {
        return Duration.ofSeconds(reportingIntervalSeconds);
    }

    public int totalProducers() {
        return topics * producersPerTopic;
    }

    public int totalConsumers() {
        return topics * subscriptionsPerTopic * consumerPerSubscription;
    }

    /**
     * Keys that OMB variants use but this framework does not implement (rate ramps, pauses, ...),
     * with their values as written: accepted so those files load, reported so the user is told.
     */
    public Map<String, String> ignoredKeys() {
        return ignoredKeys;
    }

    /**
     * The workload as workload-YAML keys and values (OMB's keys, then ours, each duration in the
     * form it was given), in a stable order; for result files. A null payloadFile is left out.
     */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", name);
        map.put("topics", topics);
        map.put("partitionsPerTopic", partitionsPerTopic);
        map.put("keyDistributor", keyDistributor.name());
        map.put("messageSize", messageSize);
        map.put("useRandomizedPayloads", useRandomizedPayloads);
        map.put("randomBytesRatio", randomBytesRatio);
        map.put("randomizedPayloadPoolSize", randomizedPayloadPoolSize);
        if (payloadFile != null) {
            map.put("payloadFile", payloadFile);
        }
        map.put("subscriptionsPerTopic", subscriptionsPerTopic);
        map.put("producersPerTopic", producersPerTopic);
        map.put("consumerPerSubscription", consumerPerSubscription);
        map.put("producerRate", producerRate);
        map.put("consumerBacklogSizeGB", consumerBacklogSizeGB);
        map.put("backlogDrainRatio", backlogDrainRatio);
        if (testDurationSeconds > 0) {
            map.put("testDurationSeconds", testDurationSeconds);
        } else {
            map.put("testDurationMinutes", testDurationMinutes);
        }
        if (warmupDurationSeconds > 0 || warmupDurationMinutes == 0) {
            map.put("warmupDurationSeconds", warmupDurationSeconds);
        } else {
            map.put("warmupDurationMinutes", warmupDurationMinutes);
        }
        map.put("reportingIntervalSeconds", reportingIntervalSeconds);
        return map;
    }

    @Override
    public String toString() {
        return "Workload{name='" + name + "', topics=" + topics + ", partitionsPerTopic=" + partitionsPerTopic
                + ", messageSize=" + messageSize + ", subscriptionsPerTopic=" + subscriptionsPerTopic
                + ", consumerPerSubscription=" + consumerPerSubscription + ", producersPerTopic=" + producersPerTopic
                + ", producerRate=" + producerRate + ", keyDistributor=" + keyDistributor
                + (useRandomizedPayloads
                        ? ", randomized(ratio=" + randomBytesRatio + ", pool=" + randomizedPayloadPoolSize + ")"
                        : ", payloadFile=" + payloadPath)
                + ", consumerBacklogSizeGB=" + consumerBacklogSizeGB + ", warmup=" + warmupDuration()
                + ", test=" + testDuration() + ", reportingInterval=" + reportingInterval() + "}";
    }

    /** Mutable staging for a {@link Workload}; defaults are OMB's (and ours for the extra fields). */
    public static final class Builder {
        private String name = "workload";
        private int topics;
        private int partitionsPerTopic;
        private KeyDistributorType keyDistributor = KeyDistributorType.NO_KEY;
        private int messageSize;
        private boolean useRandomizedPayloads;
        private double randomBytesRatio;
        private int randomizedPayloadPoolSize;
        private String payloadFile;
        private Path payloadPath;
        private int subscriptionsPerTopic;
        private int producersPerTopic;
        private int consumerPerSubscription;
        private double producerRate;
        private double consumerBacklogSizeGB;
        private double backlogDrainRatio = 1.0;
        private int testDurationMinutes;
        private int testDurationSeconds;
        private int warmupDurationMinutes = 1;
        private int warmupDurationSeconds;
        private int reportingIntervalSeconds = 10;
        private final Map<String, String> ignoredKeys = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder name(String v) {
            name = v;
            return this;
        }

        public Builder topics(int v) {
            topics = v;
            return this;
        }

        public Builder partitionsPerTopic(int v) {
            partitionsPerTopic = v;
            return this;
        }

        public Builder keyDistributor(KeyDistributorType v) {
            keyDistributor = v;
            return this;
        }

        public Builder messageSize(int v) {
            messageSize = v;
            return this;
        }

        public Builder useRandomizedPayloads(boolean v) {
            useRandomizedPayloads = v;
            return this;
        }

        public Builder randomBytesRatio(double v) {
            randomBytesRatio = v;
            return this;
        }

        public Builder randomizedPayloadPoolSize(int v) {
            randomizedPayloadPoolSize = v;
            return this;
        }

        /** The file as written and where it resolved to (absolute). */
        public Builder payloadFile(String asWritten, Path resolved) {
            payloadFile = asWritten;
            payloadPath = resolved == null ? null : resolved.toAbsolutePath().normalize();
            return this;
        }

        public Builder subscriptionsPerTopic(int v) {
            subscriptionsPerTopic = v;
            return this;
        }

        public Builder producersPerTopic(int v) {
            producersPerTopic = v;
            return this;
        }

        public Builder consumerPerSubscription(int v) {
            consumerPerSubscription = v;
            return this;
        }

        public Builder producerRate(double v) {
            producerRate = v;
            return this;
        }

        public Builder consumerBacklogSizeGB(double v) {
            consumerBacklogSizeGB = v;
            return this;
        }

        public Builder backlogDrainRatio(double v) {
            backlogDrainRatio = v;
            return this;
        }

        /** Sets the test duration in minutes and clears the seconds form. */
        public Builder testDurationMinutes(int v) {
            testDurationMinutes = v;
            testDurationSeconds = 0;
            return this;
        }

        /** Sets the test duration in seconds and clears the minutes form. */
        public Builder testDurationSeconds(int v) {
            testDurationSeconds = v;
            testDurationMinutes = 0;
            return this;
        }

        /** Sets the warm-up in minutes and clears the seconds form. */
        public Builder warmupDurationMinutes(int v) {
            warmupDurationMinutes = v;
            warmupDurationSeconds = 0;
            return this;
        }

        /**
         * Sets the warm-up in seconds and clears the minutes form (so 0 seconds means no warm-up,
         * not OMB's one-minute default).
         */
        public Builder warmupDurationSeconds(int v) {
            warmupDurationSeconds = v;
            warmupDurationMinutes = 0;
            return this;
        }

        public Builder reportingIntervalSeconds(int v) {
            reportingIntervalSeconds = v;
            return this;
        }

        public Builder ignoredKey(String key, String value) {
            ignoredKeys.put(key, value);
            return this;
        }

        public Workload build() {
            return new Workload(this);
        }
    }
}
