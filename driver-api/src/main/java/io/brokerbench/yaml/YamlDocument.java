package io.brokerbench.yaml;

import io.brokerbench.driver.support.OneLine;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.InjectableValues;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLAnchorReplayingFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML file whose top level is a mapping, bound to records strictly (see the package
 * documentation). Every way reading or binding can fail is a one-line {@link YamlException}.
 *
 * <p>A file can be bound in parts: {@link #take} binds the keys one record declares and removes
 * them, so that {@link #bind} of the rest rejects only keys nobody declared.
 */
public final class YamlDocument {

    /** The id under which every binding injects the file's path: {@code @JacksonInject(YamlDocument.FILE)}. */
    public static final String FILE = "file";

    // anchors replayed: the tree model would otherwise read an alias (*name) as the text "name"
    static final ObjectMapper MAPPER = YAMLMapper.builder(new YAMLAnchorReplayingFactory(YAMLFactory.builder()
                    // "last one wins" would silently hide a typo'd edit
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    // "key:" with nothing after it is no value, unlike "key: ''"
                    .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL)
                    .build(), null))
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            // no guessing: "8" is text, 1.5 is not a whole number, 1 is not true, true is not text
            .withCoercionConfig(LogicalType.Integer, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Float, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Boolean, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Enum, c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
            .build();

    private final Path file;
    private final ObjectNode root;

    private YamlDocument(Path file, ObjectNode root) {
        this.file = file;
        this.root = root;
    }

    /** Reads and parses {@code file}. */
    public static YamlDocument read(Path file) {
        return parse(file, readText(file));
    }

    /** The file's text (UTF-8); a missing, unreadable, non-UTF-8 or blank file is an error. */
    public static String readText(Path file) {
        if (Files.isDirectory(file)) {
            throw YamlException.of(file, "is a directory, not a file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw YamlException.of(file, "no such file");
        } catch (AccessDeniedException e) {
            throw YamlException.of(file, "cannot read file: permission denied");
        } catch (IOException e) {
            throw YamlException.of(file, "cannot read file: " + OneLine.message(e));
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw YamlException.of(file, "is not UTF-8 text");
        }
        if (text.isBlank()) {
            throw YamlException.of(file, "file is empty");
        }
        return text;
    }

    /** Parses {@code text}, the content of {@code file} (perhaps with placeholders replaced). */
    public static YamlDocument parse(Path file, String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw YamlException.of(file, describe(e));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw YamlException.of(file, "file is empty (only comments)");
        }
        if (!root.isObject()) {
            throw YamlException.of(file, "expected 'key: value' lines at the top level, found "
                    + BindingErrors.kind(root) + " " + YamlException.asWritten(root));
        }
        return new YamlDocument(file, (ObjectNode) root);
    }

    public Path file() {
        return file;
    }

    /** Binds every remaining key to {@code type}; a key it does not declare is an error. */
    public <T> T bind(Class<T> type) {
        return bind(type, Map.of());
    }

    /**
     * As {@link #bind(Class)}, with values for the type's {@code @JacksonInject} components that
     * do not come from the file, by id (the file's path is always there, as {@link #FILE}).
     */
    public <T> T bind(Class<T> type, Map<String, ?> injected) {
        ObjectNode tree = root.deepCopy();
        Declarations.apply(file, tree, type, "");
        InjectableValues.Std values = new InjectableValues.Std().addValue(FILE, file);
        injected.forEach(values::addValue);
        try {
            return MAPPER.reader(values).treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw BindingErrors.describe(file, tree, e);
        }
    }

    /**
     * Binds the keys {@code type} declares and takes them out of this document, for a file whose
     * keys belong to several readers (the framework's and a driver's, a driver's and an
     * extension's). Other keys are left for the next reader.
     */
    public <T> T take(Class<T> type) {
        Collection<String> keys = Declarations.keys(type);
        ObjectNode part = root.objectNode();
        keys.stream().filter(root::has).forEach(key -> part.set(key, root.get(key)));
        T value = new YamlDocument(file, part).bind(type);
        root.remove(keys);
        return value;
    }

    /** Takes {@code keys} out of this document; returns those present, with their values as written. */
    public Map<String, String> remove(Collection<String> keys) {
        Map<String, String> removed = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : root.properties()) {
            if (keys.contains(entry.getKey())) {
                JsonNode value = entry.getValue();
                removed.put(entry.getKey(), value.isValueNode() ? value.asText() : value.toString());
            }
        }
        root.remove(removed.keySet());
        return removed;
    }

    /**
     * Sets {@code key} to {@code value} (a number, text, list or map, as Jackson writes it), replacing
     * what the file says: a command-line option that overrides a key. It is bound and checked like
     * the file's own keys. A null value removes the key, as if the file did not have it.
     */
    public void override(String key, Object value) {
        if (value == null) {
            root.remove(key);
        } else {
            root.set(key, MAPPER.valueToTree(value));
        }
    }

    /**
     * Adds {@code values} after the elements of the list {@code key}, creating it when the file has none
     * (a key whose value is not a list is replaced: the binding then says what the file had wrong).
     */
    public void append(String key, List<?> values) {
        JsonNode existing = root.get(key);
        ArrayNode list = existing instanceof ArrayNode array ? array : root.arrayNode();
        values.forEach(value -> list.add(MAPPER.valueToTree(value)));
        root.set(key, list);
    }

    /** Gives {@code key} a text value when the file has none: a default that depends on the file. */
    public void setDefault(String key, String value) {
        if (!root.hasNonNull(key)) {
            root.set(key, TextNode.valueOf(value));
        }
    }

    private static String describe(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblemMark() != null) {
            Mark mark = yaml.getProblemMark();
            String problem = yaml.getProblem() != null ? yaml.getProblem() : yaml.getMessage();
            return "malformed YAML at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ": "
                    + firstLine(problem);
        }
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        String problem = firstLine(e.getOriginalMessage());
        if (problem.startsWith("Duplicate field ")) {
            return "duplicate key " + problem.substring("Duplicate field ".length()) + where;
        }
        return "malformed YAML" + where + ": " + problem;
    }

    /** The first line of a parser problem: the lines after it quote the file, which the error already locates. */
    static String firstLine(String s) {
        String first = s.strip().split("\\R", 2)[0].strip();
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }
}
