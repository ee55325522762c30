package io.brokerbench.yaml;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a record's components declare about their keys — which keys there are, required, default,
 * bounds, "no value" — applied to the parsed file before Jackson binds it, so that each is checked
 * where the value is still as written and the field's full path is known. Jackson then judges the
 * values' types and builds the records.
 */
final class Declarations {

    /** Bounds of whole-number types, beyond which Jackson would only say "out of range". */
    private static final Map<Class<?>, long[]> WHOLE_NUMBER_LIMITS = Map.of(
            int.class, new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE},
            Integer.class, new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE},
            long.class, new long[] {Long.MIN_VALUE, Long.MAX_VALUE},
            Long.class, new long[] {Long.MIN_VALUE, Long.MAX_VALUE},
            short.class, new long[] {Short.MIN_VALUE, Short.MAX_VALUE},
            Short.class, new long[] {Short.MIN_VALUE, Short.MAX_VALUE});

    private Declarations() {
    }

    /** The keys {@code type} declares: its components, less those that do not come from the file. */
    static List<String> keys(Class<?> type) {
        return Arrays.stream(keyComponents(type)).map(RecordComponent::getName).toList();
    }

    /** Applies {@code type}'s declarations to {@code tree}, whose keys are named {@code prefix + key}. */
    static void apply(Path file, ObjectNode tree, Class<?> type, String prefix) {
        // first, so that a misspelt required key is reported as what it is, with a suggestion
        rejectUnknownKeys(file, tree, type, prefix);
        for (RecordComponent component : keyComponents(type)) {
            String key = component.getName();
            String field = prefix + key;
            Class<?> valueType = component.getType();
            JsonNode node = tree.get(key);
            if (node != null && node.isNull()) {
                if (isNumberOrBoolean(valueType)) {
                    throw YamlException.of(file, "field '" + field + "' has no value (give a value or remove the line)");
                }
                tree.remove(key);
                node = null;
            }
            if (node == null) {
                node = absent(file, tree, component, field);
            }
            if (node != null && node.isNumber()) {
                checkRange(file, field, node, component);
            }
            if (node != null && node.isObject() && valueType.isRecord()) {
                apply(file, (ObjectNode) node, valueType, field + ".");
            }
            Class<?> itemType = recordItems(component);
            if (node != null && node.isArray() && itemType != null) {
                // a list of records: each item declares the same keys, e.g. phases[0].producerRate
                for (int i = 0; i < node.size(); i++) {
                    if (node.get(i).isObject()) {
                        apply(file, (ObjectNode) node.get(i), itemType, field + "[" + i + "].");
                    }
                }
            }
        }
    }

    /** The record type of a {@code List<R>} component's items, else null. */
    private static Class<?> recordItems(RecordComponent component) {
        if (!List.class.isAssignableFrom(component.getType())
                || !(component.getGenericType() instanceof ParameterizedType list)) {
            return null;
        }
        Type item = list.getActualTypeArguments()[0];
        return item instanceof Class<?> type && type.isRecord() ? type : null;
    }

    private static void rejectUnknownKeys(Path file, ObjectNode tree, Class<?> type, String prefix) {
        List<String> known = keys(type);
        for (Map.Entry<String, JsonNode> entry : tree.properties()) {
            String key = entry.getKey();
            if (!known.contains(key)) {
                String suggestion = DidYouMean.suggestion(key, known);
                throw YamlException.field(file, prefix + key, entry.getValue(), "unknown key"
                        + (suggestion.isEmpty() ? " (known: " + String.join(", ", new TreeSet<>(known)) + ")" : suggestion));
            }
        }
    }

    /** Fills in an absent key's default, if it has one; a required key is an error. */
    private static JsonNode absent(Path file, ObjectNode tree, RecordComponent component, String field) {
        JsonProperty declared = component.getAccessor().getAnnotation(JsonProperty.class);
        if (declared != null && declared.required()) {
            throw YamlException.of(file, "missing required field '" + field + "'");
        }
        if (declared != null && !declared.defaultValue().isEmpty()) {
            try {
                tree.set(component.getName(), YamlDocument.MAPPER.readTree(declared.defaultValue()));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(component + ": default is not YAML: " + declared.defaultValue(), e);
            }
        } else if (component.getType().isRecord()) {
            // an absent section is one with all its defaults
            tree.set(component.getName(), tree.objectNode());
        }
        return tree.get(component.getName());
    }

    private static void checkRange(Path file, String field, JsonNode node, RecordComponent component) {
        Range range = component.getAnnotation(Range.class);
        long[] limits = WHOLE_NUMBER_LIMITS.get(component.getType());
        if (range == null && limits == null) {
            return;
        }
        if (limits != null && !node.isIntegralNumber()) {
            return; // not a whole number: the binding says so
        }
        BigDecimal value = node.decimalValue();
        BigDecimal min = limits == null ? null : BigDecimal.valueOf(limits[0]);
        BigDecimal max = limits == null ? null : BigDecimal.valueOf(limits[1]);
        boolean bounded = range != null && range.min() != Double.NEGATIVE_INFINITY && range.max() != Double.POSITIVE_INFINITY;
        if (range != null && range.min() != Double.NEGATIVE_INFINITY) {
            min = BigDecimal.valueOf(range.min());
        }
        if (range != null && range.max() != Double.POSITIVE_INFINITY) {
            max = BigDecimal.valueOf(range.max());
        }
        String problem = null;
        if (bounded && (value.compareTo(min) < 0 || value.compareTo(max) > 0)) {
            problem = "must be between " + plain(min) + " and " + plain(max);
        } else if (min != null && value.compareTo(min) < 0) {
            problem = "must be at least " + plain(min);
        } else if (max != null && value.compareTo(max) > 0) {
            problem = "must be at most " + plain(max);
        }
        if (problem != null) {
            throw YamlException.field(file, field, node, problem);
        }
    }

    private static boolean isNumberOrBoolean(Class<?> type) {
        return type.isPrimitive() || Number.class.isAssignableFrom(type) || type == Boolean.class;
    }

    private static RecordComponent[] keyComponents(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type + " is not a record: YAML files bind to records");
        }
        return Arrays.stream(type.getRecordComponents())
                .filter(c -> c.getAccessor().getAnnotation(JsonIgnore.class) == null)
                .toArray(RecordComponent[]::new);
    }

    private static String plain(BigDecimal d) {
        return d.stripTrailingZeros().toPlainString();
    }
}
