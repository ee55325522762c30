package io.brokerbench.remote.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.brokerbench.stats.LatencyHistograms;
import java.io.IOException;
import java.util.Map;

/**
 * The worker API's JSON: records as they are, {@code byte[]} as base64 (Jackson's default), latency
 * histograms through {@link HistogramCodec}. Strict on input: a missing, null or unknown field, or a
 * value of another type (a fraction or a string where an integer belongs), is an error rather than a
 * default or a conversion, so a malformed request never half-configures a worker.
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
        ObjectMapper mapper = JsonMapper.builder()
                .addModule(histograms)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                // a number is a number: no 1.5 -> 1, "2" -> 2, 1 -> true or 0 -> the first enum constant
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .build();
        mapper.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        return mapper;
    }
}
