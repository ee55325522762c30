package io.brokerbench.yaml;

import java.nio.file.Path;

/**
 * A YAML file that cannot be read as what it should be. The message is one line naming the file
 * and, where the problem has one, the field and its value as written:
 * {@code driver.yaml: field 'client.ioThreads' = 0: must be at least 1}. It is an {@link
 * IllegalArgumentException} because that is how drivers report bad configuration to the framework,
 * which they must not depend on.
 */
public final class YamlException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_VALUE_LENGTH = 80;

    private YamlException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code <file>: <problem>}, for problems that belong to no single field. */
    public static YamlException of(Path file, String problem) {
        return new YamlException(file + ": " + problem, null);
    }

    static YamlException of(Path file, String problem, Throwable cause) {
        return new YamlException(file + ": " + problem, cause);
    }

    /** {@code <file>: field '<field>' = <value>: <problem>}, the value shown as {@link #asWritten}. */
    public static YamlException field(Path file, String field, Object value, String problem) {
        return new YamlException(fieldMessage(file, field, value, problem), null);
    }

    static YamlException field(Path file, String field, Object value, String problem, Throwable cause) {
        return new YamlException(fieldMessage(file, field, value, problem), cause);
    }

    /** The one format of a field's problem, for errors raised outside a binding. */
    public static String fieldMessage(Object file, String field, Object value, String problem) {
        return file + ": field '" + field + "' = " + asWritten(value) + ": " + problem;
    }

    /**
     * A value for a message: text quoted, numbers and booleans as written, lists and mappings in
     * JSON notation, on one line and cut short when long.
     */
    static String asWritten(Object value) {
        if (value instanceof com.fasterxml.jackson.databind.JsonNode node) {
            if (node.isTextual()) {
                return asWritten(node.textValue());
            }
            return oneLine(node.isValueNode() ? node.asText() : node.toString());
        }
        if (value instanceof String text) {
            return "'" + oneLine(text) + "'";
        }
        return oneLine(String.valueOf(value));
    }

    private static String oneLine(String text) {
        String escaped = text.replace("\r", "\\r").replace("\n", "\\n");
        return escaped.length() > MAX_VALUE_LENGTH ? escaped.substring(0, MAX_VALUE_LENGTH) + "..." : escaped;
    }
}
