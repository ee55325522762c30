package io.brokerbench.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.result.model.BenchmarkResult;

/**
 * Result documents written by hand in a test, with only the fields the test is about, bound to the
 * typed result as a result file is (fields not given are null, or 0 and false).
 */
public final class Results {

    private static final ObjectMapper MAPPER = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private Results() {
    }

    public static BenchmarkResult bind(JsonNode document) {
        try {
            return MAPPER.treeToValue(document, BenchmarkResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a result document: " + document, e);
        }
    }

    public static BenchmarkResult bind(String json) {
        try {
            return bind(MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + json, e);
        }
    }
}
