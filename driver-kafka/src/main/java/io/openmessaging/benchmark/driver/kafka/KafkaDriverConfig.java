package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonIgnore;
import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import io.brokerbench.yaml.YamlDocument;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The Kafka driver's YAML file, with OMB's keys. Invalid content is an {@link
 * IllegalArgumentException} whose message is one line naming the file, the key and the value.
 *
 * @param file the driver file, for messages
 * @param replicationFactor of the benchmark's topics; absent: the broker's {@code default.replication.factor}
 * @param reset whether to delete leftover benchmark topics (named as a run names them, after the driver's prefix) when the driver starts
 * @param topicConfig settings of the benchmark's topics
 * @param commonConfig settings of every client (admin, producers, consumers); must set {@code bootstrap.servers}
 * @param producerConfig settings of producers, over commonConfig
 * @param consumerConfig settings of consumers, over commonConfig
 */
public record KafkaDriverConfig(
        @JacksonInject(YamlDocument.FILE) @JsonIgnore Path file,
        @Range(min = 1, max = Short.MAX_VALUE) Short replicationFactor,
        boolean reset,
        JavaProperties topicConfig,
        JavaProperties commonConfig,
        JavaProperties producerConfig,
        JavaProperties consumerConfig) {

    public KafkaDriverConfig {
        topicConfig = topicConfig == null ? JavaProperties.NONE : topicConfig;
        commonConfig = commonConfig == null ? JavaProperties.NONE : commonConfig;
        producerConfig = producerConfig == null ? JavaProperties.NONE : producerConfig;
        consumerConfig = consumerConfig == null ? JavaProperties.NONE : consumerConfig;
        if (commonConfig.get("bootstrap.servers") == null || commonConfig.get("bootstrap.servers").isEmpty()) {
            throw new FieldException("commonConfig", commonConfig.text(), "must set bootstrap.servers");
        }
    }

    /** Reads {@code file}, allowing only OMB's Kafka keys and the framework's keys. */
    public static KafkaDriverConfig read(Path file) {
        return read(file, document -> { });
    }

    /**
     * Reads {@code file}; {@code extraKeys} first takes out the further top-level keys a driver
     * built on this one understands, so that only keys nobody declared are rejected.
     */
    public static KafkaDriverConfig read(Path file, Consumer<YamlDocument> extraKeys) {
        YamlDocument document = FrameworkKeys.driverKeys(file);
        extraKeys.accept(document);
        return document.bind(KafkaDriverConfig.class);
    }

    /** Empty when the file does not say: topics then get the broker's {@code default.replication.factor}. */
    public Optional<Short> topicReplicationFactor() {
        return Optional.ofNullable(replicationFactor);
    }

    public Map<String, String> topicSettings() {
        return topicConfig.asMap();
    }

    public String bootstrapServers() {
        return commonConfig.get("bootstrap.servers");
    }

    /** commonConfig: settings for every client (admin, producers, consumers). */
    public Properties commonProperties() {
        return commonConfig.properties();
    }

    /** commonConfig overlaid with producerConfig. */
    public Properties producerProperties() {
        Properties merged = commonConfig.properties();
        merged.putAll(producerConfig.properties());
        return merged;
    }

    /** commonConfig overlaid with consumerConfig. */
    public Properties consumerProperties() {
        Properties merged = commonConfig.properties();
        merged.putAll(consumerConfig.properties());
        return merged;
    }
}
