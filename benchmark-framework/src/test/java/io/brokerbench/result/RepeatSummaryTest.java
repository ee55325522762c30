package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.RepeatSummaryDocument;
import io.brokerbench.stats.Spread;
import io.brokerbench.testing.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatSummaryTest {

    private final ObjectMapper mapper = new ObjectMapper();

    private BenchmarkResult result(boolean complete, double publishRate, double e2eP99) {
        ObjectNode result = mapper.createObjectNode().put("workload", "w").put("driver", "Kafka").put("complete", complete);
        result.putObject("measured").put("publishRate", publishRate);
        result.putObject("rateSearch").put("sustainableRate", publishRate * 1.01);
        result.put("aggregatedEndToEndLatency99pct", e2eP99);
        result.putObject("messages").put("deliveredCleanly", true);
        return Results.bind(result);
    }

    @Test
    void eachMetricGetsTheSpreadOfTheCompleteRunsWithEveryValue() {
        List<BenchmarkResult> results = List.of(result(true, 1000, 2.0), result(true, 1100, 3.0), result(false, 1, 99),
                result(true, 900, 4.0));
        JsonNode summary = mapper.valueToTree(RepeatSummary.of(List.of("a-run1.json", "a-run2.json", "a-run3.json",
                "a-run4.json"), results));

        assertEquals(RepeatSummaryDocument.SCHEMA, summary.get("schema").asText());
        assertEquals(3, summary.get("runsSummarised").asInt(), "the incomplete run is listed, not averaged");
        assertEquals(4, summary.get("runs").size());
        assertFalse(summary.get("runs").get(2).get("complete").asBoolean());

        JsonNode rate = summary.get("metrics").get("measured.publishRate");
        Spread expected = Spread.of(1000, 1100, 900);
        assertEquals("msg/s", rate.get("unit").asText());
        assertEquals(1000, rate.get("mean").asDouble(), 1e-9);
        assertEquals(100, rate.get("standardDeviation").asDouble(), 1e-9);
        assertEquals(expected.ciLow(), rate.get("ci95Low").asDouble(), 1e-3);
        assertEquals(expected.ciHigh(), rate.get("ci95High").asDouble(), 1e-3);
        assertEquals(0.1, rate.get("coefficientOfVariation").asDouble(), 1e-9);
        assertEquals(List.of(1000.0, 1100.0, 900.0), mapper.convertValue(rate.get("values"), List.class));
        assertEquals(3.0, summary.get("metrics").get("aggregatedEndToEndLatency99pct").get("mean").asDouble(), 1e-9);
        assertTrue(summary.get("metrics").get("aggregatedEndToEndLatency99pct").get("ci95High").asDouble() > 3.0);
        assertEquals(1010, summary.get("metrics").get("rateSearch.sustainableRate").get("mean").asDouble(), 1e-9);
        // metrics none of these results has are left out rather than reported as zero
        assertFalse(summary.get("metrics").has("backlogDrain.seconds"));
    }

    @Test
    void oneRunHasNoDeviationAndNoInterval() {
        JsonNode rate = mapper.<JsonNode>valueToTree(RepeatSummary.of(List.of("a.json"), List.of(result(true, 1000, 2.0))))
                .get("metrics").get("measured.publishRate");
        assertEquals(1000, rate.get("mean").asDouble());
        assertTrue(rate.get("standardDeviation").isNull());
        assertTrue(rate.get("ci95Low").isNull());
    }
}
