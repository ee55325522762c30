package io.brokerbench.yaml;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Turns what Jackson throws while binding a file — a value of the wrong type, a record's own check
 * — into one line naming the file, the field and the value. (Keys are judged before: {@link Declarations}.)
 */
final class BindingErrors {

    private BindingErrors() {
    }

    static YamlException describe(Path file, JsonNode tree, JsonProcessingException e) {
        if (!(e instanceof JsonMappingException mapping)) {
            return YamlException.of(file, YamlDocument.firstLine(e.getOriginalMessage()), e);
        }
        String field = path(mapping.getPath());
        JsonNode value = at(tree, mapping.getPath());
        FieldException check = fieldException(e);
        if (check != null) {
            return describe(file, field, value, check);
        }
        if (mapping instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return YamlException.field(file, field, value, expected(mismatch.getTargetType(), value), e);
        }
        return YamlException.field(file, field, value, YamlDocument.firstLine(mapping.getOriginalMessage()), e);
    }

    /** A record's own check: its field is relative to where the record is ({@code path}, whose node is {@code node}). */
    private static YamlException describe(Path file, String path, JsonNode node, FieldException check) {
        if (check.field() == null) {
            return path.isEmpty() ? YamlException.of(file, check.getMessage(), check)
                    : YamlException.field(file, path, node, check.getMessage(), check);
        }
        String field = path.isEmpty() ? check.field() : path + "." + check.field();
        return YamlException.field(file, field, check.value(), check.getMessage(), check);
    }

    /** What the target type takes, and what the file has instead. */
    private static String expected(Class<?> type, JsonNode value) {
        if (type.isEnum()) {
            List<String> names = Arrays.stream(type.getEnumConstants())
                    .map(constant -> YamlDocument.MAPPER.convertValue(constant, String.class)).toList();
            String typed = value != null && value.isValueNode() ? value.asText() : "";
            return "must be one of " + String.join(", ", names) + DidYouMean.suggestion(typed, names);
        }
        String expected;
        JsonClassDescription description = type.getAnnotation(JsonClassDescription.class);
        if (description != null) {
            expected = description.value();
        } else if (type == boolean.class || type == Boolean.class) {
            expected = "true or false";
        } else if (List.of(int.class, long.class, short.class, Integer.class, Long.class, Short.class).contains(type)) {
            expected = "a whole number";
        } else if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            expected = "a number";
        } else if (CharSequence.class.isAssignableFrom(type)) {
            expected = "text";
        } else if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            expected = "a list";
        } else {
            expected = "a mapping";
        }
        if (value == null) {
            return "expected " + expected;
        }
        String found = kind(value);
        if (value.isTextual() && expected.endsWith("number") && isNumber(value.textValue())) {
            found += " (write numbers without quotes)";
        }
        return "expected " + expected + ", found " + found;
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
        return node.isIntegralNumber() ? "a whole number" : "a decimal number";
    }

    private static boolean isNumber(String text) {
        try {
            new BigDecimal(text.strip());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static FieldException fieldException(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof FieldException check) {
                return check;
            }
        }
        return null;
    }

    /** {@code client.persistence.ensembleSize}, {@code workers[2]}. */
    private static String path(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** The node at a binding path, or null. */
    private static JsonNode at(JsonNode tree, List<JsonMappingException.Reference> references) {
        JsonNode node = tree;
        for (JsonMappingException.Reference reference : references) {
            if (node == null) {
                return null;
            }
            node = reference.getFieldName() != null ? node.get(reference.getFieldName()) : node.get(reference.getIndex());
        }
        return node;
    }
}
