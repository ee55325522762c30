package io.openmessaging.benchmark.driver.pulsar.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One mapping of a driver file, read key by key: every read records the key as known, so that
 * {@link #rejectUnknown()} can name a misspelt key instead of silently running with a default.
 * Every problem becomes an {@link IllegalArgumentException} with a one-line message naming the
 * file, the dotted key and the value (the framework prints it as is).
 */
final class YamlSection {

    private final Path file;
    private final String prefix;
    private final ObjectNode node;
    private final Set<String> known = new LinkedHashSet<>();

    private YamlSection(Path file, String prefix, ObjectNode node) {
        this.file = file;
        this.prefix = prefix;
        this.node = node;
    }

    static YamlSection root(Path file, JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            throw new IllegalArgumentException(file + ": the driver file is empty");
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(file + ": the driver file must be a mapping of keys to values");
        }
        return new YamlSection(file, "", (ObjectNode) node);
    }

    /** A nested mapping; an absent key reads as an empty mapping (all defaults). */
    YamlSection section(String key) {
        JsonNode value = value(key);
        if (value == null) {
            return new YamlSection(file, qualified(key) + ".", JsonNodeFactory.instance.objectNode());
        }
        if (!value.isObject()) {
            throw error(key, value, "must be a mapping of keys to values");
        }
        return new YamlSection(file, qualified(key) + ".", (ObjectNode) value);
    }

    /** Keys the framework reads from the same file; they are allowed here and not interpreted. */
    void ignore(String... keys) {
        known.addAll(List.of(keys));
    }

    String string(String key, String defaultValue) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        if (!value.isValueNode() || value.isBoolean()) {
            throw error(key, value, "must be a text value");
        }
        return value.asText();
    }

    String requiredString(String key) {
        String value = string(key, null);
        if (value == null || value.isBlank()) {
            throw error(key, value, "is required");
        }
        return value;
    }

    boolean bool(String key, boolean defaultValue) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        if (!value.isBoolean()) {
            throw error(key, value, "must be true or false");
        }
        return value.booleanValue();
    }

    int integer(String key, int defaultValue, int min) {
        long value = longInteger(key, defaultValue, min);
        if (value > Integer.MAX_VALUE) {
            throw error(key, value, "must be at most " + Integer.MAX_VALUE);
        }
        return (int) value;
    }

    long longInteger(String key, long defaultValue, long min) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw error(key, value, "must be a whole number");
        }
        if (value.longValue() < min) {
            throw error(key, value, "must be at least " + min);
        }
        return value.longValue();
    }

    /** One of a fixed set of names, spelt exactly as listed in the error. */
    <T> T choice(String key, T defaultValue, Map<String, T> valid) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        T chosen = value.isTextual() ? valid.get(value.asText()) : null;
        if (chosen == null) {
            throw error(key, value, "unknown value (valid: " + String.join(", ", valid.keySet()) + ")");
        }
        return chosen;
    }

    /** Fails on the first key of this mapping that no read asked for. */
    void rejectUnknown() {
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!known.contains(field.getKey())) {
                throw error(field.getKey(), field.getValue(),
                        "unknown key" + (prefix.isEmpty() ? "" : " in '" + prefix.substring(0, prefix.length() - 1) + "'")
                                + " (known: " + String.join(", ", known) + ")");
            }
        }
    }

    IllegalArgumentException error(String key, Object value, String problem) {
        return new IllegalArgumentException(file + ": field '" + qualified(key) + "' = " + render(value) + ": " + problem);
    }

    /** The value of {@code key}, or null when the key is absent or has no value ({@code key:} alone). */
    private JsonNode value(String key) {
        known.add(key);
        JsonNode value = node.get(key);
        return value == null || value.isNull() ? null : value;
    }

    private String qualified(String key) {
        return prefix + key;
    }

    private static String render(Object value) {
        if (value instanceof JsonNode json) {
            return json.isTextual() ? render(json.asText()) : json.toString().replace("\n", "\\n");
        }
        if (value instanceof String text) {
            return "'" + text.replace("\n", "\\n") + "'";
        }
        return String.valueOf(value);
    }
}
