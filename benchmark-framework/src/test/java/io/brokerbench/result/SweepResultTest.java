package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.capacity.Knee;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.testing.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepResultTest {

    private final ObjectMapper mapper = new ObjectMapper();

    private BenchmarkResult step(double published, double e2eP99, boolean clean) {
        return step(published, e2eP99, clean, true);
    }

    private BenchmarkResult step(double published, double e2eP99, boolean clean, boolean complete) {
        ObjectNode result = mapper.createObjectNode().put("workload", "w").put("driver", "Kafka").put("complete", complete)
                .put("messageSize", 100);
        result.putObject("measured").put("publishRate", published).put("consumeRate", published);
        result.put("aggregatedEndToEndLatency50pct", e2eP99 / 2).put(SweepResult.TAIL_LATENCY, e2eP99)
                .put("aggregatedPublishLatency99pct", 1.5);
        result.putObject("messages").put("deliveredCleanly", clean).put("lost", 0).putArray("subscriptions").addObject();
        return Results.bind(result);
    }

    @Test
    void eachStepCarriesItsRatesLatenciesAndVerdictAndTheKneeIsTheLastStepBeforeLatencyBreaksAway() {
        JsonNode sweep = sweep(List.of(1000.0, 2000.0, 4000.0, 8000.0),
                once("s1.json", "s2.json", "s3.json", "s4.json"),
                once(step(1000, 2.0, true), step(2000, 2.5, true), step(3990, 3.9, true), step(6000, 900, false)), null);

        assertEquals(SweepDocument.SCHEMA, sweep.get("schema").asText());
        JsonNode steps = sweep.get("steps");
        assertEquals(4, steps.size());
        assertEquals(4000, steps.get(2).get("targetRate").asDouble());
        assertEquals(3990, steps.get(2).get("publishRate").asDouble());
        assertEquals(3.9, steps.get(2).get("latency").get("endToEndLatency").get("99pct").asDouble());
        assertEquals(1.5, steps.get(2).get("latency").get("publishLatency").get("99pct").asDouble());
        assertFalse(steps.get(3).get("deliveredCleanly").asBoolean());
        assertFalse(steps.get(0).get("delivery").has("subscriptions"), "per subscription detail stays in the step's file");
        assertFalse(steps.get(0).has("repeats"), "a step run once has no spread");
        // step 3 kept its rate (within 3 %) at under twice the lowest tail latency; step 4 fell short and lost messages
        assertEquals(2, sweep.get("knee").get("step").asInt());
        assertEquals(3990, sweep.get("knee").get("publishRate").asDouble());
        assertTrue(sweep.get("knee").get("rule").asText().contains("end-to-end p99"));
        assertFalse(sweep.has("maximum"), "a sweep of given rates has no maximum");
        assertFalse(steps.get(0).has("percentOfMax"));
    }

    @Test
    void aSweepOfPercentagesRecordsItsMaximumAndEachStepsPercentage() {
        SweepMaximum discovered = new SweepMaximum(40_000, true, 40_400, 0.005, true, "w-search.json");
        JsonNode sweep = sweep(List.of(10_000.0, 40_000.0),
                once("s1.json", "s2.json"), once(step(10_000, 2.0, true), step(40_000, 2.5, true)), discovered);

        JsonNode maximum = sweep.get("maximum");
        assertEquals(40_000, maximum.get("rate").asDouble());
        assertTrue(maximum.get("discovered").asBoolean());
        assertEquals(40_400, maximum.get("upperBound").asDouble());
        assertEquals(0.005, maximum.get("relativeUncertainty").asDouble());
        assertEquals("w-search.json", maximum.get("file").asText());
        assertEquals(25.0, sweep.get("steps").get(0).get("percentOfMax").asDouble());
        assertEquals(100.0, sweep.get("steps").get(1).get("percentOfMax").asDouble());
    }

    @Test
    void aDiscoveredMaximumWithNoFailedRateHasNoUpperBound() {
        ObjectNode search = mapper.createObjectNode().put("complete", true);
        search.putObject("rateSearch").put("sustainableRate", 80_000).putNull("upperBound").putNull("relativeUncertainty")
                .put("converged", false);
        SweepMaximum maximum = SweepMaximum.discoveredIn("w-search.json", Results.bind(search)).orElseThrow();
        JsonNode sweep = sweep(List.of(80_000.0), once("s1.json"),
                once(step(80_000, 2.0, true)), maximum);

        assertTrue(sweep.get("maximum").get("upperBound").isNull());
        assertTrue(sweep.get("maximum").get("relativeUncertainty").isNull());
        assertFalse(sweep.get("maximum").get("converged").asBoolean());
        search.put("complete", false);
        assertTrue(SweepMaximum.discoveredIn("w-search.json", Results.bind(search)).isEmpty(),
                "an incomplete search run gives no maximum");
    }

    @Test
    void aRepeatedStepReportsTheMeanOfItsCompleteRunsWithTheirConfidenceInterval() {
        BenchmarkResult incomplete = step(100, 50.0, false, false);
        JsonNode sweep = sweep(List.of(1000.0, 2000.0),
                List.of(List.of("s1-r1.json", "s1-r2.json", "s1-r3.json"), List.of("s2-r1.json", "s2-r2.json")),
                List.of(List.of(step(990, 2.0, true), step(1000, 3.0, true), step(1010, 4.0, true)),
                        List.of(step(2000, 2.5, true), incomplete)), null);

        JsonNode first = sweep.get("steps").get(0);
        assertEquals("s1-r1.json", first.get("file").asText());
        assertEquals(1000, first.get("publishRate").asDouble(), 1e-9);
        assertEquals(3.0, first.get("latency").get("endToEndLatency").get("99pct").asDouble(), 1e-9);
        assertTrue(first.get("deliveredCleanly").asBoolean());
        assertFalse(first.has("delivery"), "each run's delivery stays in its own file");
        JsonNode spread = first.get("repeats").get("metrics").get("measured.publishRate");
        assertEquals(3, first.get("repeats").get("runsSummarised").asInt());
        // sd 10 over 3 runs: half-width t(0.975, 2) × 10 / √3 = 4.303 × 5.774 = 24.84
        assertEquals(975.16, spread.get("ci95Low").asDouble(), 0.01);
        assertEquals(1024.84, spread.get("ci95High").asDouble(), 0.01);
        assertEquals(List.of(990.0, 1000.0, 1010.0), List.of(spread.get("values").get(0).asDouble(),
                spread.get("values").get(1).asDouble(), spread.get("values").get(2).asDouble()));
        assertTrue(first.get("repeats").get("metrics").get(SweepResult.TAIL_LATENCY).get("ci95High").isNumber());

        // an incomplete run is listed, not averaged, and the step is not clean
        JsonNode second = sweep.get("steps").get(1);
        assertEquals(2000, second.get("publishRate").asDouble(), 1e-9);
        assertFalse(second.get("complete").asBoolean());
        assertFalse(second.get("deliveredCleanly").asBoolean());
        assertEquals(2, second.get("repeats").get("runs").size());
        assertEquals(1, second.get("repeats").get("runsSummarised").asInt());
        assertEquals(0, sweep.get("knee").get("step").asInt(), "the knee is judged on the means, over clean steps");
    }

    @Test
    void noStepThatKeptItsRateMeansNoKnee() {
        JsonNode sweep = sweep(List.of(1000.0), once("s1.json"),
                once(step(500, 2.0, true)), null);
        assertTrue(sweep.get("knee").get("step").isNull());
    }

    /** The sweep's result as its file has it. */
    private JsonNode sweep(List<Double> targets, List<List<String>> files, List<List<BenchmarkResult>> results,
            SweepMaximum maximum) {
        return mapper.valueToTree(new SweepResult(mapper, Knee.defaults()).of(targets, files, results, maximum));
    }

    /** Each element as a step run once. */
    @SafeVarargs
    private static <T> List<List<T>> once(T... steps) {
        return java.util.Arrays.stream(steps).map(List::of).toList();
    }
}
