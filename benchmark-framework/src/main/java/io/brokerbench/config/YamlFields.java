package io.brokerbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Typed, strict reads of the top-level keys of a YAML mapping: every wrong type or out-of-range
 * value is a one-line {@link ConfigException} naming the file, the key and the value. Quoted numbers
 * ({@code "100"}) are strings, not numbers, so they are rejected rather than silently converted.
 */
public final class YamlFields {

    private final Path file;
    private final ObjectNode root;

    public YamlFields(Path file, ObjectNode root) {
        this.file = file;
        this.root = root;
    }

    public Path file() {
        return file;
    }

    public boolean has(String key) {
        return root.has(key);
    }

    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        root.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** The value as written, for messages and for keys that are recorded but not interpreted. */
    public String rawText(String key) {
        JsonNode node = root.get(key);
        return node == null ? null : node.isValueNode() ? node.asText() : node.toString();
    }

    /** Rejects keys that are neither {@code known} nor {@code tolerated}, suggesting the nearest known key. */
    public void rejectUnknownKeys(Collection<String> known, Set<String> tolerated, String what) {
        Iterator<String> names = root.fieldNames();
        while (names.hasNext()) {
            String key = names.next();
            if (!known.contains(key) && !tolerated.contains(key)) {
                throw fail(key, root.get(key), "unknown key in a " + what + DidYouMean.suggestion(key, known));
            }
        }
    }

    /** A string value, or {@code null} when the key is absent. */
    public String string(String key) {
        JsonNode node = present(key);
        if (node == null) {
            return null;
        }
        if (!node.isTextual()) {
            throw fail(key, node, "expected text, found " + kind(node));
        }
        return node.asText();
    }

    /** Any scalar (text or number) as text, or {@code null} when absent; for names, where {@code 42} is fine. */
    public String scalarText(String key) {
        JsonNode node = present(key);
        if (node == null) {
            return null;
        }
        if (!node.isTextual() && !node.isNumber()) {
            throw fail(key, node, "expected text, found " + kind(node));
        }
        return node.asText();
    }

    public boolean bool(String key, boolean absent) {
        JsonNode node = present(key);
        if (node == null) {
            return absent;
        }
        if (!node.isBoolean()) {
            throw fail(key, node, "expected true or false, found " + kind(node));
        }
        return node.booleanValue();
    }

    /** A whole number in {@code [min, Integer.MAX_VALUE]}, or {@code absent} when the key is absent. */
    public int integer(String key, int absent, int min) {
        return (int) longInteger(key, absent, min, Integer.MAX_VALUE);
    }

    public long longInteger(String key, long absent, long min, long max) {
        JsonNode node = present(key);
        if (node == null) {
            return absent;
        }
        BigDecimal value = number(key, node, "a whole number");
        if (value.stripTrailingZeros().scale() > 0) {
            throw fail(key, node, "expected a whole number");
        }
        if (value.compareTo(BigDecimal.valueOf(min)) < 0) {
            throw fail(key, node, "must be at least " + min);
        }
        if (value.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw fail(key, node, "must be at most " + max);
        }
        return value.longValueExact();
    }

    /** A number (whole or decimal) in {@code [min, max]}, or {@code absent} when the key is absent. */
    public double decimal(String key, double absent, double min, double max) {
        JsonNode node = present(key);
        if (node == null) {
            return absent;
        }
        double value = number(key, node, "a number").doubleValue();
        if (!Double.isFinite(value)) {
            throw fail(key, node, "expected a finite number");
        }
        if (value < min || value > max) {
            String range = max == Double.MAX_VALUE ? "must be at least " + plain(min)
                    : "must be between " + plain(min) + " and " + plain(max);
            throw fail(key, node, range);
        }
        return value;
    }

    public ConfigException fail(String key, JsonNode node, String problem) {
        if (node == null || node.isNull()) {
            return ConfigException.field(file, key, null, problem);
        }
        if (node.isTextual()) {
            return ConfigException.field(file, key, node.asText(), problem);
        }
        return ConfigException.fieldAsWritten(file, key, render(node), problem);
    }

    private JsonNode present(String key) {
        JsonNode node = root.get(key);
        if (node == null) {
            return null;
        }
        if (node.isNull() || (node.isTextual() && node.asText().isEmpty())) {
            // "key:" with nothing after it; treating it as absent would hide a half-finished edit
            throw fail(key, node, "has no value (give a value or remove the line)");
        }
        return node;
    }

    private BigDecimal number(String key, JsonNode node, String expected) {
        if (!node.isNumber()) {
            throw fail(key, node, "expected " + expected + ", found " + kind(node));
        }
        // YAML reads .inf / .nan as doubles; BigDecimal cannot hold them
        if (node.isDouble() || node.isFloat()) {
            double d = node.doubleValue();
            if (!Double.isFinite(d)) {
                throw fail(key, node, "expected a finite number");
            }
        }
        return node.decimalValue();
    }

    static String render(JsonNode node) {
        String text = node.isValueNode() ? node.asText() : node.toString();
        return text.length() > 80 ? text.substring(0, 80) + "..." : text;
    }

    static String kind(JsonNode node) {
        if (node.isArray()) {
            return "a list";
        }
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isTextual()) {
            return "text";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        if (node.isIntegralNumber()) {
            return "a whole number";
        }
        if (node.isNumber()) {
            return "a decimal number";
        }
        return node.getNodeType().toString().toLowerCase(Locale.ROOT);
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
