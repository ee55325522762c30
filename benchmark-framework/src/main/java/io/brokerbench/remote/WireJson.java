package io.brokerbench.remote;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.brokerbench.stats.LatencyHistograms;
import java.io.IOException;
import java.util.Map;

/**
 * The worker API's JSON: records as they are, {@code byte[]} as base64 (Jackson's default), latency
 * histograms through {@link HistogramCodec}. Strict on input: a missing, null or unknown field is
 * an error rather than a default, so a malformed request never half-configures a worker.
 */
public final class WireJson {

    private static final ObjectMapper MAPPER = create();

    private WireJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static ObjectMapper create() {
        SimpleModule histograms = new SimpleModule("brokerbench-histograms");
        histograms.addSerializer(LatencyHistograms.class, new JsonSerializer<>() {
            @Override
            public void serialize(LatencyHistograms value, JsonGenerator gen, SerializerProvider serializers)
                    throws IOException {
                gen.writeObject(HistogramCodec.encode(value));
            }
        });
        histograms.addDeserializer(LatencyHistograms.class, new JsonDeserializer<>() {
            @Override
            public LatencyHistograms deserialize(JsonParser parser, DeserializationContext context) throws IOException {
                Map<String, String> encoded = context.readValue(parser,
                        context.getTypeFactory().constructMapType(Map.class, String.class, String.class));
                try {
                    return HistogramCodec.decode(encoded);
                } catch (IllegalArgumentException e) {
                    throw com.fasterxml.jackson.databind.exc.InvalidFormatException.from(parser, e.getMessage(),
                            encoded, LatencyHistograms.class);
                }
            }
        });
        return new ObjectMapper()
                .registerModule(histograms)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }
}
