package io.brokerbench.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brokerbench.driver.support.OneLine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Reads a YAML configuration file into a tree, turning every way that can fail into a one-line {@link ConfigException}. */
public final class YamlTree {

    // duplicate keys are rejected because "last one wins" silently hides a typo'd edit
    private static final ObjectMapper MAPPER = new ObjectMapper(
            YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private YamlTree() {
    }

    /** The file's text (UTF-8); missing, unreadable, non-UTF-8 or blank files are one-line errors. */
    public static String readText(Path file) {
        if (Files.isDirectory(file)) {
            throw ConfigException.file(file, "is a directory, not a file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw ConfigException.file(file, "no such file");
        } catch (AccessDeniedException e) {
            throw ConfigException.file(file, "cannot read file: permission denied");
        } catch (IOException e) {
            throw ConfigException.file(file, "cannot read file: " + OneLine.message(e));
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw ConfigException.file(file, "is not UTF-8 text");
        }
        if (text.isBlank()) {
            throw ConfigException.file(file, "file is empty");
        }
        return text;
    }

    /** Parses {@code text} (the content of {@code file}) and requires a mapping at the top level. */
    public static ObjectNode parseMapping(Path file, String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw ConfigException.file(file, describe(e));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw ConfigException.file(file, "file is empty (only comments)");
        }
        if (!root.isObject()) {
            throw ConfigException.file(file, "expected 'key: value' lines at the top level, found "
                    + YamlFields.kind(root) + " " + YamlFields.render(root));
        }
        return (ObjectNode) root;
    }

    private static String describe(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblemMark() != null) {
            Mark mark = yaml.getProblemMark();
            String problem = yaml.getProblem() != null ? yaml.getProblem() : yaml.getMessage();
            return "malformed YAML at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ": "
                    + oneLine(problem);
        }
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        String problem = oneLine(e.getOriginalMessage());
        if (problem.startsWith("Duplicate field ")) {
            return "duplicate key " + problem.substring("Duplicate field ".length()) + where;
        }
        return "malformed YAML" + where + ": " + problem;
    }

    static String oneLine(String s) {
        String first = s.strip().split("\\R", 2)[0].strip();
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }
}
