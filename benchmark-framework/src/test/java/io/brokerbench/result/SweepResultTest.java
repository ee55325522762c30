package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.capacity.Knee;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepResultTest {

    private final ObjectMapper mapper = new ObjectMapper();

    private ObjectNode step(double published, double e2eP99, boolean clean) {
        ObjectNode result = mapper.createObjectNode().put("workload", "w").put("driver", "Kafka").put("complete", true)
                .put("messageSize", 100);
        result.putObject("measured").put("publishRate", published).put("consumeRate", published);
        result.put("aggregatedEndToEndLatency50pct", e2eP99 / 2).put(SweepResult.TAIL_LATENCY, e2eP99)
                .put("aggregatedPublishLatency99pct", 1.5);
        result.putObject("messages").put("deliveredCleanly", clean).put("lost", 0).putArray("subscriptions").addObject();
        return result;
    }

    @Test
    void eachStepCarriesItsRatesLatenciesAndVerdictAndTheKneeIsTheLastStepBeforeLatencyBreaksAway() {
        JsonNode sweep = new SweepResult(mapper, Knee.defaults()).of(List.of(1000.0, 2000.0, 4000.0, 8000.0),
                List.of("s1.json", "s2.json", "s3.json", "s4.json"),
                List.of(step(1000, 2.0, true), step(2000, 2.5, true), step(3990, 3.9, true), step(6000, 900, false)));

        assertEquals(SweepResult.SCHEMA, sweep.get("schema").asText());
        JsonNode steps = sweep.get("steps");
        assertEquals(4, steps.size());
        assertEquals(4000, steps.get(2).get("targetRate").asDouble());
        assertEquals(3990, steps.get(2).get("publishRate").asDouble());
        assertEquals(3.9, steps.get(2).get("latency").get("endToEndLatency").get("99pct").asDouble());
        assertEquals(1.5, steps.get(2).get("latency").get("publishLatency").get("99pct").asDouble());
        assertFalse(steps.get(3).get("deliveredCleanly").asBoolean());
        assertFalse(steps.get(0).get("delivery").has("subscriptions"), "per subscription detail stays in the step's file");
        // step 3 kept its rate (within 3 %) at under twice the lowest tail latency; step 4 fell short and lost messages
        assertEquals(2, sweep.get("knee").get("step").asInt());
        assertEquals(3990, sweep.get("knee").get("publishRate").asDouble());
        assertTrue(sweep.get("knee").get("rule").asText().contains("end-to-end p99"));
    }

    @Test
    void noStepThatKeptItsRateMeansNoKnee() {
        JsonNode sweep = new SweepResult(mapper, Knee.defaults()).of(List.of(1000.0), List.of("s1.json"),
                List.of(step(500, 2.0, true)));
        assertTrue(sweep.get("knee").get("step").isNull());
    }
}
