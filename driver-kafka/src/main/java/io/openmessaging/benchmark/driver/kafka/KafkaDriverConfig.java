package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Kafka driver's YAML file, with OMB's keys: {@code replicationFactor}, {@code reset},
 * {@code topicConfig}, {@code commonConfig}, {@code producerConfig}, {@code consumerConfig} (the
 * last four are Java-properties text). Invalid content is reported as an {@link
 * IllegalArgumentException} whose message is one line naming the file, the key and the value.
 */
public final class KafkaDriverConfig {

    /** Keys the framework reads from every driver file; the driver ignores them. */
    private static final Set<String> FRAMEWORK_KEYS = Set.of("name", "driverClass", "localBroker");
    private static final Set<String> KAFKA_KEYS = Set.of("replicationFactor", "reset", "topicConfig", "commonConfig",
            "producerConfig", "consumerConfig");

    private final Path file;
    private final Optional<Short> replicationFactor;
    private final boolean reset;
    private final Map<String, String> topicConfig;
    private final Properties commonConfig;
    private final Properties producerConfig;
    private final Properties consumerConfig;
    private final Map<String, String> extraKeys;

    private KafkaDriverConfig(Path file, Optional<Short> replicationFactor, boolean reset,
            Map<String, String> topicConfig, Properties commonConfig, Properties producerConfig,
            Properties consumerConfig, Map<String, String> extraKeys) {
        this.file = file;
        this.replicationFactor = replicationFactor;
        this.reset = reset;
        this.topicConfig = topicConfig;
        this.commonConfig = commonConfig;
        this.producerConfig = producerConfig;
        this.consumerConfig = consumerConfig;
        this.extraKeys = extraKeys;
    }

    /** Reads {@code file}, allowing only OMB's Kafka keys and the framework's keys. */
    public static KafkaDriverConfig load(Path file) throws IOException {
        return load(file, Set.of());
    }

    /**
     * Reads {@code file}; {@code extraScalarKeys} are further top-level keys a driver built on this one
     * understands (their values are kept as text, see {@link #extra(String)}).
     */
    public static KafkaDriverConfig load(Path file, Set<String> extraScalarKeys) throws IOException {
        String text = Files.readString(file);
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(text);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(file + ": not valid YAML: " + oneLine(e.getOriginalMessage()), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new IllegalArgumentException(file + ": the file is empty; expected a mapping of driver keys");
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException(file + ": expected a mapping of driver keys, found " + root.getNodeType());
        }
        Set<String> allowed = new TreeSet<>(KAFKA_KEYS);
        allowed.addAll(extraScalarKeys);
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!FRAMEWORK_KEYS.contains(field.getKey()) && !allowed.contains(field.getKey())) {
                throw fieldError(file, field.getKey(), field.getValue(), "unknown key (known: "
                        + String.join(", ", allowed) + ")");
            }
        }
        Properties common = properties(file, root, "commonConfig");
        String bootstrap = common.getProperty("bootstrap.servers", "").strip();
        if (bootstrap.isEmpty()) {
            throw fieldError(file, "commonConfig", root.get("commonConfig"), "must set bootstrap.servers");
        }
        Map<String, String> extras = new LinkedHashMap<>();
        for (String key : extraScalarKeys) {
            JsonNode node = root.get(key);
            if (node != null && !node.isNull()) {
                if (!node.isValueNode()) {
                    throw fieldError(file, key, node, "expected a single value");
                }
                extras.put(key, node.asText());
            }
        }
        Properties topic = properties(file, root, "topicConfig");
        Map<String, String> topicConfig = new LinkedHashMap<>();
        topic.stringPropertyNames().forEach(name -> topicConfig.put(name, topic.getProperty(name)));
        return new KafkaDriverConfig(file, replicationFactor(file, root.get("replicationFactor")),
                bool(file, root.get("reset")), Collections.unmodifiableMap(topicConfig), common,
                properties(file, root, "producerConfig"), properties(file, root, "consumerConfig"),
                Collections.unmodifiableMap(extras));
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
        return commonConfig.getProperty("bootstrap.servers").strip();
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

    /** The value of an extra top-level key a derived driver asked for, if the file sets it. */
    public Optional<String> extra(String key) {
        return Optional.ofNullable(extraKeys.get(key));
    }

    private static Optional<Short> replicationFactor(Path file, JsonNode node) {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.canConvertToInt() || !node.isIntegralNumber() || node.asInt() < 1 || node.asInt() > Short.MAX_VALUE) {
            throw fieldError(file, "replicationFactor", node, "expected a whole number from 1 to " + Short.MAX_VALUE);
        }
        return Optional.of((short) node.asInt());
    }

    private static boolean bool(Path file, JsonNode node) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            throw fieldError(file, "reset", node, "expected true or false");
        }
        return node.booleanValue();
    }

    private static Properties properties(Path file, JsonNode root, String key) {
        JsonNode node = root.get(key);
        Properties properties = new Properties();
        if (node == null || node.isNull()) {
            return properties;
        }
        if (!node.isTextual()) {
            throw fieldError(file, key, node, "expected a text block of Java properties (key=value lines, use '|')");
        }
        try {
            properties.load(new StringReader(node.textValue()));
        } catch (IOException | IllegalArgumentException e) {
            throw fieldError(file, key, node, "not valid Java properties: " + oneLine(e.getMessage()));
        }
        for (String name : properties.stringPropertyNames()) {
            properties.setProperty(name, properties.getProperty(name).strip());
        }
        return properties;
    }

    private static Properties copy(Properties source) {
        Properties copy = new Properties();
        copy.putAll(source);
        return copy;
    }

    static IllegalArgumentException fieldError(Path file, String key, JsonNode value, String problem) {
        String rendered = value == null ? "null" : value.isTextual() ? "'" + value.textValue() + "'" : value.toString();
        return new IllegalArgumentException(file + ": field '" + key + "' = " + oneLine(rendered) + ": " + problem);
    }

    private static String oneLine(String text) {
        return String.valueOf(text).strip().replace("\n", "\\n");
    }
}
