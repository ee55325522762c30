package io.brokerbench.yaml;

import com.fasterxml.jackson.databind.JsonNode;
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
    private static final int MAX_JSON_LENGTH = 80;

    private YamlException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code <file>: <problem>}, for problems that belong to no single field. */
    static YamlException of(Path file, String problem) {
        return new YamlException(file + ": " + problem, null);
    }

    static YamlException of(Path file, String problem, Throwable cause) {
        return new YamlException(file + ": " + problem, cause);
    }

    /** {@code <file>: field '<field>' = <value>: <problem>}, the value shown as {@link #asWritten}. */
    static YamlException field(Path file, String field, Object value, String problem) {
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
     * JSON notation (cut short when long), all on one line.
     */
    static String asWritten(Object value) {
        if (value instanceof JsonNode node) {
            if (node.isTextual()) {
                return asWritten(node.textValue());
            }
            String json = escapeLineBreaks(node.isValueNode() ? node.asText() : node.toString());
            return json.length() > MAX_JSON_LENGTH ? json.substring(0, MAX_JSON_LENGTH) + "..." : json;
        }
        if (value instanceof String text) {
            return "'" + escapeLineBreaks(text) + "'";
        }
        return escapeLineBreaks(String.valueOf(value));
    }

    private static String escapeLineBreaks(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
