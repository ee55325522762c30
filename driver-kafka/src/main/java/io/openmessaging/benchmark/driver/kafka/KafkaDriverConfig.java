package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.support.DriverYaml;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The Kafka driver's YAML file, with OMB's keys: {@code replicationFactor}, {@code reset},
 * {@code topicConfig}, {@code commonConfig}, {@code producerConfig}, {@code consumerConfig} (the
 * last four are Java-properties text). Invalid content is reported as an {@link
 * IllegalArgumentException} whose message is one line naming the file, the key and the value.
 */
public final class KafkaDriverConfig {

    /** Absent from the file: topics then get the broker's {@code default.replication.factor}. */
    private static final int BROKER_DEFAULT = 0;

    private final Path file;
    private final Optional<Short> replicationFactor;
    private final boolean reset;
    private final Map<String, String> topicConfig;
    private final Properties commonConfig;
    private final Properties producerConfig;
    private final Properties consumerConfig;

    private KafkaDriverConfig(DriverYaml yaml) {
        this.file = yaml.file();
        int replicas = yaml.integer("replicationFactor", BROKER_DEFAULT, 1, Short.MAX_VALUE);
        this.replicationFactor = replicas == BROKER_DEFAULT ? Optional.empty() : Optional.of((short) replicas);
        this.reset = yaml.bool("reset", false);
        Properties topic = yaml.properties("topicConfig");
        Map<String, String> topicSettings = new LinkedHashMap<>();
        topic.stringPropertyNames().forEach(name -> topicSettings.put(name, topic.getProperty(name)));
        this.topicConfig = Collections.unmodifiableMap(topicSettings);
        this.commonConfig = yaml.properties("commonConfig");
        if (commonConfig.getProperty("bootstrap.servers", "").isEmpty()) {
            throw yaml.error("commonConfig", yaml.string("commonConfig", null), "must set bootstrap.servers");
        }
        this.producerConfig = yaml.properties("producerConfig");
        this.consumerConfig = yaml.properties("consumerConfig");
    }

    /** Reads {@code file}, allowing only OMB's Kafka keys and the framework's keys. */
    public static KafkaDriverConfig read(Path file) throws IOException {
        return read(file, yaml -> { });
    }

    /**
     * Reads {@code file}; {@code extraKeys} reads, in the same pass, the further top-level keys a
     * driver built on this one understands, so that only keys nobody asked for are rejected.
     */
    public static KafkaDriverConfig read(Path file, Consumer<DriverYaml> extraKeys) throws IOException {
        return DriverYaml.read(file, yaml -> {
            KafkaDriverConfig config = new KafkaDriverConfig(yaml);
            extraKeys.accept(yaml);
            return config;
        });
    }

    public Path file() {
        return file;
    }

    /** Empty when the file does not say: topics then get the broker's {@code default.replication.factor}. */
    public Optional<Short> replicationFactor() {
        return replicationFactor;
    }

    /** Whether to delete leftover benchmark topics (the driver's prefix) when the driver starts. */
    public boolean reset() {
        return reset;
    }

    public Map<String, String> topicConfig() {
        return topicConfig;
    }

    public String bootstrapServers() {
        return commonConfig.getProperty("bootstrap.servers");
    }

    /** commonConfig: settings for every client (admin, producers, consumers). */
    public Properties commonConfig() {
        return copy(commonConfig);
    }

    /** commonConfig overlaid with producerConfig. */
    public Properties producerProperties() {
        Properties merged = copy(commonConfig);
        merged.putAll(producerConfig);
        return merged;
    }

    /** commonConfig overlaid with consumerConfig. */
    public Properties consumerProperties() {
        Properties merged = copy(commonConfig);
        merged.putAll(consumerConfig);
        return merged;
    }

    private static Properties copy(Properties source) {
        Properties copy = new Properties();
        copy.putAll(source);
        return copy;
    }
}
