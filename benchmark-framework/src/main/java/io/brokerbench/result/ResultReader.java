package io.brokerbench.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.config.ConfigException;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.result.model.BenchmarkResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads result files, ours or OMB's, into {@link BenchmarkResult}. Fields it does not know (a newer
 * version's, OMB's own additions) are skipped, so an older harness still reads what it can; what
 * is not a result file at all is a one-line {@link ConfigException} naming the file.
 */
public final class ResultReader {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultReader() {
    }

    public static BenchmarkResult read(Path file) {
        return of(file, tree(file));
    }

    private static JsonNode tree(Path file) {
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
            throw ConfigException.file(file, "not valid JSON" + where + ": " + OneLine.text(e.getOriginalMessage()));
        } catch (IOException e) {
            String problem = e instanceof NoSuchFileException ? "no such file"
                    : Files.isDirectory(file) ? "is a directory" : OneLine.of(e);
            throw ConfigException.file(file, "cannot read: " + problem);
        }
        return root;
    }

    /**
     * A sweep result or a {@code --repeat} summary ({@code type}), as {@link #read} reads a run's result:
     * unknown fields skipped, anything else a one-line {@link ConfigException} naming the file.
     */
    public static <T> T readDocument(Path file, Class<T> type) {
        JsonNode root = tree(file);
        if (root == null || !root.isObject()) {
            throw ConfigException.file(file, "not a " + type.getSimpleName() + ": expected a JSON object");
        }
        return bind(file, root, type, "not a " + type.getSimpleName());
    }

    /** A result already parsed from {@code file}; checked as {@link #read} checks a file. */
    public static BenchmarkResult of(Path file, JsonNode root) {
        if (root == null || !root.isObject()) {
            throw ConfigException.file(file, "not a benchmark result: expected a JSON object");
        }
        if (!root.path("publishRate").isArray()) {
            throw ConfigException.file(file, "not a benchmark result: no 'publishRate' series (neither a brokerbench nor an OMB result)");
        }
        return bind(file, root, BenchmarkResult.class, "not a benchmark result");
    }

    private static <T> T bind(Path file, JsonNode root, Class<T> type, String what) {
        try {
            return MAPPER.treeToValue(root, type);
        } catch (JsonProcessingException e) {
            String field = e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()
                    ? " at '" + fieldPath(mapping) + "'" : "";
            throw ConfigException.file(file, what + field + ": " + OneLine.text(e.getOriginalMessage()));
        }
    }

    private static String fieldPath(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
