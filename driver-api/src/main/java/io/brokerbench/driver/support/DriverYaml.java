package io.brokerbench.driver.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One mapping of a driver's YAML file, read key by key with typed, range-checked getters. Every
 * getter records its key as known; once the reader given to {@link #read} or {@link #section}
 * returns, any key of the mapping that no getter asked for is an error, because a misspelt setting
 * would otherwise run a benchmark with a default nobody asked for.
 *
 * <p>Every problem is an {@link IllegalArgumentException} with a one-line message naming the file,
 * the dotted key and the value: drivers must not depend on the framework, which turns such an
 * exception into its one-line configuration error.
 */
public final class DriverYaml {

    /** Keys the framework reads from every driver file (driver to load, local broker to start). */
    private static final Set<String> FRAMEWORK_KEYS = Set.of("name", "driverClass", "localBroker");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Path file;
    private final String prefix;
    private final ObjectNode node;
    private final Set<String> ignored;
    /** Sorted, so that the list in an unknown-key error is easy to scan. */
    private final Set<String> known = new TreeSet<>();

    private DriverYaml(Path file, String prefix, ObjectNode node, Set<String> ignored) {
        this.file = file;
        this.prefix = prefix;
        this.node = node;
        this.ignored = ignored;
    }

    /**
     * Reads {@code file} as a mapping, hands it to {@code reader}, then rejects top-level keys
     * that the reader did not ask for (other than the framework's {@code name}, {@code
     * driverClass} and {@code localBroker}).
     *
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException when the file is not a YAML mapping or a key or value is bad
     */
    public static <T> T read(Path file, Function<DriverYaml, T> reader) throws IOException {
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            String problem = e.getOriginalMessage().replaceAll("\\s*\\R\\s*", " ");
            throw new IllegalArgumentException(file + ": not valid YAML: " + problem);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new IllegalArgumentException(file + ": the driver file is empty");
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException(file + ": the driver file must be a mapping of keys to values");
        }
        return new DriverYaml(file, "", (ObjectNode) root, FRAMEWORK_KEYS).readWith(reader);
    }

    /** The driver file, for messages about it. */
    public Path file() {
        return file;
    }

    /**
     * Hands the nested mapping under {@code key} to {@code reader}, then rejects its keys that the
     * reader did not ask for. An absent key reads as an empty mapping (all defaults).
     */
    public <T> T section(String key, Function<DriverYaml, T> reader) {
        JsonNode value = value(key);
        ObjectNode mapping;
        if (value == null) {
            mapping = JsonNodeFactory.instance.objectNode();
        } else if (value.isObject()) {
            mapping = (ObjectNode) value;
        } else {
            throw error(key, value, "must be a mapping of keys to values");
        }
        return new DriverYaml(file, qualified(key) + ".", mapping, Set.of()).readWith(reader);
    }

    /** A text value as written (numbers are read as their text), or {@code defaultValue} when absent. */
    public String string(String key, String defaultValue) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        // a bare true/false is almost always a misplaced setting; a real text "true" can be quoted
        if (!value.isValueNode() || value.isBoolean()) {
            throw error(key, value, "must be a text value");
        }
        return value.asText();
    }

    /** A text value that must be present and not blank. */
    public String requiredString(String key) {
        String value = string(key, null);
        if (value == null || value.isBlank()) {
            throw error(key, value, "is required");
        }
        return value;
    }

    /**
     * A text block of Java properties ({@code key=value} lines, as OMB's Kafka files write them
     * under {@code |}), with values stripped of surrounding blanks; empty when absent.
     */
    public Properties properties(String key) {
        JsonNode value = value(key);
        Properties properties = new Properties();
        if (value == null) {
            return properties;
        }
        if (!value.isTextual()) {
            throw error(key, value, "expected a text block of Java properties (key=value lines, use '|')");
        }
        try {
            properties.load(new StringReader(value.textValue()));
        } catch (IOException | IllegalArgumentException e) {
            throw error(key, value, "not valid Java properties: " + oneLine(String.valueOf(e.getMessage())));
        }
        for (String name : properties.stringPropertyNames()) {
            properties.setProperty(name, properties.getProperty(name).strip());
        }
        return properties;
    }

    public boolean bool(String key, boolean defaultValue) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        String text = value.isTextual() ? value.asText().strip() : "";
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw error(key, value, "must be true or false");
    }

    /** A whole number in [min, max]; quoted digits are accepted, since YAML users quote numbers freely. */
    public int integer(String key, int defaultValue, int min, int max) {
        JsonNode value = value(key);
        return value == null ? defaultValue : (int) checkedLong(key, value, min, max, Integer.MAX_VALUE);
    }

    /** As {@link #integer}, for values beyond the int range. */
    public long longInteger(String key, long defaultValue, long min, long max) {
        JsonNode value = value(key);
        return value == null ? defaultValue : checkedLong(key, value, min, max, Long.MAX_VALUE);
    }

    /**
     * One of {@code valid}, matched by {@code name} ignoring case; an error lists every valid name
     * in the given order.
     */
    public <T> T choice(String key, T defaultValue, List<T> valid, Function<T, String> name) {
        JsonNode value = value(key);
        if (value == null) {
            return defaultValue;
        }
        String text = value.isValueNode() ? value.asText().strip() : null;
        List<String> names = new ArrayList<>();
        for (T option : valid) {
            String optionName = name.apply(option);
            if (optionName.equalsIgnoreCase(text)) {
                return option;
            }
            names.add(optionName);
        }
        throw error(key, value, "must be one of " + String.join(", ", names));
    }

    /** {@link #choice} over all constants of an enum, named as declared. */
    public <E extends Enum<E>> E enumValue(String key, E defaultValue) {
        return choice(key, defaultValue, List.of(defaultValue.getDeclaringClass().getEnumConstants()), Enum::name);
    }

    /**
     * The one-line error for a value of {@code key} in this mapping, for checks the getters cannot
     * make (e.g. one setting against another). {@code value} is shown quoted if it is text.
     */
    public IllegalArgumentException error(String key, Object value, String problem) {
        return new IllegalArgumentException(
                file + ": field '" + qualified(key) + "' = " + render(value) + ": " + problem);
    }

    private <T> T readWith(Function<DriverYaml, T> reader) {
        T result = reader.apply(this);
        rejectUnknown();
        return result;
    }

    private void rejectUnknown() {
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!known.contains(field.getKey()) && !ignored.contains(field.getKey())) {
                throw error(field.getKey(), field.getValue(), "unknown key (known: " + String.join(", ", known) + ")");
            }
        }
    }

    private long checkedLong(String key, JsonNode value, long min, long max, long typeMax) {
        long number;
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            number = value.longValue();
        } else if (value.isTextual() && value.asText().strip().matches("-?\\d{1,18}")) {
            number = Long.parseLong(value.asText().strip());
        } else {
            throw error(key, value, "must be an integer");
        }
        if (number < min || number > max) {
            throw error(key, value,
                    max >= typeMax ? "must be at least " + min : "must be between " + min + " and " + max);
        }
        return number;
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
            return json.isTextual() ? render(json.asText()) : oneLine(json.toString());
        }
        if (value instanceof String text) {
            return "'" + oneLine(text) + "'";
        }
        return String.valueOf(value);
    }

    private static String oneLine(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
