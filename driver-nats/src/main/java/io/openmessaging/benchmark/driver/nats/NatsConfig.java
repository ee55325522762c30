package io.openmessaging.benchmark.driver.nats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.nats.client.api.StorageType;
import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The NATS driver file: OMB's keys ({@code natsHostUrl}, {@code replicationFactor}, {@code
 * storageType}, {@code maxBytes}) plus consumer mode, publish window and fetch settings. Bad keys
 * or values are an {@link IllegalArgumentException} with a one-line message naming the file, key
 * and value.
 */
final class NatsConfig {

    enum ConsumerMode { PULL, PUSH }

    /** Keys the framework reads from every driver file; not ours to check. */
    private static final Set<String> FRAMEWORK_KEYS = Set.of("name", "driverClass", "localBroker");
    private static final Set<String> KEYS = new TreeSet<>(Set.of("natsHostUrl", "replicationFactor", "storageType",
            "maxBytes", "consumerMode", "maxInFlightPublishes", "pullBatchSize", "pullWaitMs", "maxAckPending",
            "ackWaitMs", "connectTimeoutMs"));

    final String file;
    /** One URL or several separated by commas. */
    final String natsHostUrl;
    final int replicationFactor;
    final StorageType storageType;
    /** Stream size limit in bytes; -1 leaves it to the server. */
    final long maxBytes;
    final ConsumerMode consumerMode;
    /** Publishes awaiting their JetStream ack per producer; {@code sendAsync} blocks beyond it. */
    final int maxInFlightPublishes;
    final int pullBatchSize;
    /** How long one pull request waits for messages (bounds close(); delivery itself does not wait for it). */
    final int pullWaitMs;
    /** Unacknowledged messages the server lets a durable consumer have out; 0 = server default. */
    final long maxAckPending;
    final int ackWaitMs;
    final int connectTimeoutMs;

    private NatsConfig(Reader r) {
        this.file = r.file;
        this.natsHostUrl = r.string("natsHostUrl", "nats://localhost:4222");
        this.replicationFactor = (int) r.number("replicationFactor", 1, 1, 5);
        this.storageType = r.choice("storageType", "File", List.of("File", "Memory")).equals("File")
                ? StorageType.File : StorageType.Memory;
        this.maxBytes = r.number("maxBytes", -1, -1, Long.MAX_VALUE);
        if (maxBytes == 0) {
            throw r.bad("maxBytes", "must be -1 (no limit) or a positive number of bytes");
        }
        this.consumerMode = ConsumerMode.valueOf(
                r.choice("consumerMode", "pull", List.of("pull", "push")).toUpperCase(Locale.ROOT));
        this.maxInFlightPublishes = (int) r.number("maxInFlightPublishes", 1_000, 1, 10_000_000);
        this.pullBatchSize = (int) r.number("pullBatchSize", 100, 1, 100_000);
        this.pullWaitMs = (int) r.number("pullWaitMs", 500, 10, 60_000);
        this.maxAckPending = r.number("maxAckPending", 0, 0, 10_000_000);
        this.ackWaitMs = (int) r.number("ackWaitMs", 30_000, 100, 3_600_000);
        this.connectTimeoutMs = (int) r.number("connectTimeoutMs", 2_000, 1, 600_000);
    }

    static NatsConfig read(File file) throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(file);
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": expected a YAML mapping of driver settings");
        }
        return new NatsConfig(new Reader(file.toString(), root));
    }

    /** Typed, range-checked access to the top-level keys of one driver file. */
    private static final class Reader {
        private final String file;
        private final JsonNode root;

        Reader(String file, JsonNode root) {
            this.file = file;
            this.root = root;
            for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!KEYS.contains(field.getKey()) && !FRAMEWORK_KEYS.contains(field.getKey())) {
                    throw new IllegalArgumentException(file + ": unknown key '" + field.getKey() + "' = "
                            + render(field.getValue()) + " (known: " + String.join(", ", KEYS) + ")");
                }
            }
        }

        String string(String key, String fallback) {
            JsonNode node = root.get(key);
            if (node == null || node.isNull()) {
                return fallback;
            }
            if (!node.isValueNode() || node.asText().isBlank()) {
                throw bad(key, "must be a non-empty plain value");
            }
            return node.asText().strip();
        }

        /** One of {@code options}, matched ignoring case, returned as spelled in {@code options}. */
        String choice(String key, String fallback, List<String> options) {
            String value = string(key, fallback);
            for (String option : options) {
                if (option.equalsIgnoreCase(value)) {
                    return option;
                }
            }
            throw bad(key, "must be one of " + String.join(", ", options));
        }

        long number(String key, long fallback, long min, long max) {
            JsonNode node = root.get(key);
            if (node == null || node.isNull()) {
                return fallback;
            }
            long value;
            if (node.isIntegralNumber() && node.canConvertToLong()) {
                value = node.asLong();
            } else if (node.isTextual() && node.asText().strip().matches("-?\\d{1,18}")) {
                value = Long.parseLong(node.asText().strip());
            } else {
                throw bad(key, "must be an integer");
            }
            if (value < min || value > max) {
                throw bad(key, "must be between " + min + " and " + max);
            }
            return value;
        }

        IllegalArgumentException bad(String key, String problem) {
            return new IllegalArgumentException(file + ": field '" + key + "' = " + render(root.get(key)) + ": " + problem);
        }

        private static String render(JsonNode value) {
            String text = value.isTextual() ? "'" + value.asText() + "'" : value.toString();
            return text.replace("\n", "\\n");
        }
    }
}
