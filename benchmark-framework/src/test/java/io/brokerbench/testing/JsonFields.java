package io.brokerbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Two JSON documents field by field: every field missing, extra or different, with its path. */
public final class JsonFields {

    private JsonFields() {
    }

    /**
     * {@code actual} against the checked-in {@code golden} file, field by field; with
     * {@code -Dgolden.update=true} the file is written instead (then read the diff before checking it in).
     */
    public static void assertGolden(Path golden, JsonNode actual) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(golden, mapper.writeValueAsString(actual) + "\n");
            return;
        }
        if (!Files.exists(golden)) {
            fail(golden + " missing: write it with -Dgolden.update=true and check it in");
        }
        assertEquals(List.of(), differences(mapper.readTree(golden.toFile()), actual), "fields that differ from " + golden);
    }

    /** More useful than one inequality: which fields differ, and how. */
    public static List<String> differences(JsonNode expected, JsonNode actual) {
        List<String> differences = new ArrayList<>();
        compare("", expected, actual, differences);
        return differences;
    }

    private static void compare(String path, JsonNode expected, JsonNode actual, List<String> differences) {
        if (expected.isObject() && actual.isObject()) {
            for (Iterator<String> names = expected.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                String at = path.isEmpty() ? name : path + "." + name;
                if (!actual.has(name)) {
                    differences.add(at + ": missing");
                } else {
                    compare(at, expected.get(name), actual.get(name), differences);
                }
            }
            for (Iterator<String> names = actual.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!expected.has(name)) {
                    differences.add((path.isEmpty() ? name : path + "." + name) + ": not in the golden file");
                }
            }
        } else if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
            for (int i = 0; i < expected.size(); i++) {
                compare(path + "[" + i + "]", expected.get(i), actual.get(i), differences);
            }
        } else if (!expected.equals(actual)) {
            differences.add(path + ": " + expected + " → " + actual);
        }
    }
}
