package io.openmessaging.benchmark.driver.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Redis driver file: OMB's keys ({@code redisHost}, {@code redisPort}, {@code redisUser},
 * {@code redisPass}, {@code jedisPoolMaxTotal}, {@code jedisPoolMaxIdle}) plus stream trimming,
 * producer pipelining and consumer read settings. Bad keys or values are an {@link
 * IllegalArgumentException} with a one-line message naming the file, key and value.
 */
final class RedisConfig {

    /** Keys the framework reads from every driver file; not ours to check. */
    private static final Set<String> FRAMEWORK_KEYS = Set.of("name", "driverClass", "localBroker");
    private static final Set<String> KEYS = new TreeSet<>(Set.of("redisHost", "redisPort", "redisUser", "redisPass",
            "jedisPoolMaxTotal", "jedisPoolMaxIdle", "maxLen", "producerBatchSize", "producerMaxPending",
            "readBatchSize", "blockTimeMs", "connectTimeoutMs"));

    final String file;
    final String host;
    final int port;
    final String user;
    final String password;
    final int poolMaxTotal;
    final int poolMaxIdle;
    /** Approximate cap on entries per stream ({@code XADD MAXLEN ~}); 0 keeps everything. */
    final long maxLen;
    /** Most XADDs a producer sends in one pipelined round trip. */
    final int producerBatchSize;
    /** Most messages a producer holds before {@code sendAsync} blocks the caller. */
    final int producerMaxPending;
    /** {@code XREADGROUP COUNT}, per stream. */
    final int readBatchSize;
    /** {@code XREADGROUP BLOCK}: how long an idle consumer waits per call (also bounds close()). */
    final int blockTimeMs;
    final int connectTimeoutMs;

    private RedisConfig(Reader r) {
        this.file = r.file;
        this.host = r.string("redisHost", "127.0.0.1");
        this.port = r.integer("redisPort", 6379, 1, 65_535);
        this.user = r.string("redisUser", null);
        this.password = r.string("redisPass", null);
        this.poolMaxTotal = r.integer("jedisPoolMaxTotal", 64, 1, 100_000);
        this.poolMaxIdle = r.integer("jedisPoolMaxIdle", poolMaxTotal, 0, 100_000);
        this.maxLen = r.longValue("maxLen", 0, 0, Long.MAX_VALUE);
        this.producerBatchSize = r.integer("producerBatchSize", 64, 1, 100_000);
        this.producerMaxPending = r.integer("producerMaxPending", 10_000, 1, 10_000_000);
        this.readBatchSize = r.integer("readBatchSize", 100, 1, 100_000);
        this.blockTimeMs = r.integer("blockTimeMs", 100, 1, 60_000);
        this.connectTimeoutMs = r.integer("connectTimeoutMs", 2_000, 1, 600_000);
    }

    static RedisConfig read(File file) throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(file);
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": expected a YAML mapping of driver settings");
        }
        return new RedisConfig(new Reader(file.toString(), root));
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
            if (!node.isValueNode()) {
                throw bad(key, node, "must be a plain value");
            }
            return node.asText();
        }

        int integer(String key, int fallback, int min, int max) {
            return (int) longValue(key, fallback, min, max);
        }

        long longValue(String key, long fallback, long min, long max) {
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
                throw bad(key, node, "must be an integer");
            }
            if (value < min || value > max) {
                throw bad(key, node, "must be between " + min + " and " + max);
            }
            return value;
        }

        private IllegalArgumentException bad(String key, JsonNode value, String problem) {
            return new IllegalArgumentException(file + ": field '" + key + "' = " + render(value) + ": " + problem);
        }

        private static String render(JsonNode value) {
            String text = value.isTextual() ? "'" + value.asText() + "'" : value.toString();
            return text.replace("\n", "\\n");
        }
    }
}
