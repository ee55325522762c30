package io.brokerbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.capacity.Knee;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One result for a rate sweep: what 100 % stood for (a {@code percentOfMax} sweep's
 * {@link SweepMaximum}), per step its target and achieved rates, every aggregated latency of the
 * step's result and its delivery verdict, and the {@link Knee} of the curve (tail latency:
 * end-to-end p99). Built from the steps' own result documents, each of which stays beside it.
 */
public final class SweepResult {

    public static final String SCHEMA = "brokerbench-sweep/1";
    static final String TAIL_LATENCY = "aggregatedEndToEndLatency99pct";

    private final ObjectMapper mapper;
    private final Knee knee;

    public SweepResult(ObjectMapper mapper, Knee knee) {
        this.mapper = mapper;
        this.knee = knee;
    }

    /**
     * @param targets each step's target rate, msg/s
     * @param files each step's result file name
     * @param results each step's result document
     * @param maximum what the steps' percentages are of; null for a sweep of given rates
     */
    public ObjectNode of(List<Double> targets, List<String> files, List<JsonNode> results, SweepMaximum maximum) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("workload", results.get(0).path("workload").asText());
        root.put("driver", results.get(0).path("driver").asText());
        root.put("messageSize", results.get(0).path("messageSize").asLong());
        root.put("latencyUnits", results.get(0).path("latencyUnits").asText());
        if (maximum != null) {
            maximum.writeTo(root.putObject("maximum"));
        }
        ArrayNode steps = root.putArray("steps");
        List<Knee.Step> kneeSteps = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i);
            ObjectNode step = steps.addObject();
            step.put("file", files.get(i));
            step.put("targetRate", targets.get(i));
            if (maximum != null) {
                step.put("percentOfMax", Math.round(targets.get(i) / maximum.rate() * 1e5) / 1e3);
            }
            JsonNode measured = result.path("measured");
            step.put("publishRate", measured.path("publishRate").asDouble());
            step.put("consumeRate", measured.path("consumeRate").asDouble());
            step.put("publishMBps", measured.path("publishMBps").asDouble());
            step.put("consumeMBps", measured.path("consumeMBps").asDouble());
            boolean complete = result.path("complete").asBoolean(false);
            boolean clean = complete && result.path("messages").path("deliveredCleanly").asBoolean(false);
            step.put("complete", complete);
            step.put("deliveredCleanly", clean);
            ObjectNode delivery = result.path("messages") instanceof ObjectNode messages ? messages.deepCopy()
                    : mapper.createObjectNode();
            delivery.remove("subscriptions"); // per subscription detail stays in the step's own result
            step.set("delivery", delivery);
            ObjectNode latency = step.putObject("latency");
            for (Metric metric : Metric.values()) {
                String prefix = "aggregated" + Character.toUpperCase(metric.resultName().charAt(0)) + metric.resultName().substring(1);
                ObjectNode values = latency.putObject(metric.resultName());
                for (Percentile percentile : Percentile.values()) {
                    values.set(percentile.suffix(), result.path(prefix + percentile.suffix()));
                }
            }
            kneeSteps.add(new Knee.Step(targets.get(i), measured.path("publishRate").asDouble(),
                    result.path(TAIL_LATENCY).asDouble(Double.NaN), clean));
        }
        ObjectNode kneeNode = root.putObject("knee");
        kneeNode.put("rule", knee.rule() + " (tail latency: end-to-end p99)");
        Optional<Integer> found = knee.find(kneeSteps);
        if (found.isPresent()) {
            kneeNode.put("step", found.get());
            kneeNode.put("targetRate", targets.get(found.get()));
            kneeNode.put("publishRate", kneeSteps.get(found.get()).achievedRate());
            kneeNode.put("endToEndLatency99pct", kneeSteps.get(found.get()).tailLatency());
        } else {
            kneeNode.putNull("step");
        }
        return root;
    }
}
