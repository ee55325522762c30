package io.brokerbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.capacity.Knee;
import io.brokerbench.capacity.SearchObjectives;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One result for a rate sweep: what 100 % stood for (a {@code percentOfMax} sweep's
 * {@link SweepMaximum}), per step its target and achieved rates, every aggregated latency of the
 * step's result and its delivery verdict, and the {@link Knee} of the curve (tail latency:
 * end-to-end p99). Built from the steps' own result documents, each of which stays beside it. A
 * step run several times ({@code --repeat}) reports the mean over its complete runs, and under
 * {@code repeats} each run and, per metric, the spread and 95 % confidence interval of the mean
 * ({@link RepeatSummary}). With objectives in the workload ({@code rateSearchObjectives}), where each
 * is first broken along the curve ({@link ObjectiveMarks}).
 */
public final class SweepResult {

    public static final String SCHEMA = "brokerbench-sweep/1";
    private static final ResultFigure TAIL = ResultFigure.aggregated(Metric.END_TO_END, Percentile.P99);
    static final String TAIL_LATENCY = TAIL.path();

    private final ObjectMapper mapper;
    private final Knee knee;

    public SweepResult(ObjectMapper mapper, Knee knee) {
        this.mapper = mapper;
        this.knee = knee;
    }

    /**
     * A step's delivery in a word or two, for the console and the report: {@code clean}, {@code rate
     * not held} (everything sent was delivered, but messages due were never sent), {@code NOT clean}
     * or {@code incomplete}.
     */
    public static String stepVerdict(JsonNode step) {
        if (step.path("deliveredCleanly").asBoolean()) {
            return "clean";
        }
        if (!step.path("complete").asBoolean()) {
            return "incomplete";
        }
        return step.path("sentDeliveredCleanly").asBoolean() ? "rate not held" : "NOT clean";
    }

    /**
     * @param targets each step's target rate, msg/s
     * @param files each step's result file names, one per run of the step ({@code --repeat})
     * @param results their documents, in the same order
     * @param maximum what the steps' percentages are of; null for a sweep of given rates
     */
    public ObjectNode of(List<Double> targets, List<List<String>> files, List<List<BenchmarkResult>> results,
            SweepMaximum maximum) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        BenchmarkResult first = results.get(0).get(0);
        root.put("workload", first.workload());
        root.put("driver", first.driver());
        root.put("messageSize", first.messageSize() == null ? 0 : first.messageSize());
        root.put("latencyUnits", first.latencyUnits());
        if (maximum != null) {
            maximum.writeTo(root.putObject("maximum"));
        }
        ArrayNode steps = root.putArray("steps");
        List<Knee.Step> kneeSteps = new ArrayList<>();
        List<ObjectiveMarks.Step> marked = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            List<BenchmarkResult> runs = results.get(i);
            // a step's figures are the mean over its complete runs: with one run, that run's own
            List<BenchmarkResult> complete = runs.stream().filter(BenchmarkResult::completed).toList();
            List<BenchmarkResult> averaged = complete.isEmpty() ? runs : complete;
            ObjectNode step = steps.addObject();
            step.put("file", files.get(i).get(0));
            step.put("targetRate", targets.get(i));
            if (maximum != null) {
                step.put("percentOfMax", Math.round(targets.get(i) / maximum.rate() * 1e5) / 1e3);
            }
            putNumber(step, "publishRate", mean(averaged, ResultFigure.PUBLISH_RATE));
            putNumber(step, "consumeRate", mean(averaged, ResultFigure.CONSUME_RATE));
            putNumber(step, "publishMBps", mean(averaged, ResultFigure.PUBLISH_MBPS));
            putNumber(step, "consumeMBps", mean(averaged, ResultFigure.CONSUME_MBPS));
            boolean allComplete = complete.size() == runs.size();
            boolean clean = allComplete && runs.stream().allMatch(RepeatSummary::deliveredCleanly);
            boolean sentClean = allComplete && runs.stream().allMatch(RepeatSummary::sentDeliveredCleanly);
            step.put("complete", allComplete);
            step.put("deliveredCleanly", clean);
            step.put("sentDeliveredCleanly", sentClean);
            if (runs.size() == 1) {
                ObjectNode delivery = runs.get(0).messages() != null ? mapper.valueToTree(runs.get(0).messages())
                        : mapper.createObjectNode();
                delivery.remove("subscriptions"); // per subscription detail stays in the step's own result
                step.set("delivery", delivery);
            }
            ObjectNode latency = step.putObject("latency");
            for (Metric metric : Metric.values()) {
                ObjectNode values = latency.putObject(metric.resultName());
                for (Percentile percentile : Percentile.values()) {
                    putNumber(values, percentile.suffix(), mean(averaged, ResultFigure.aggregated(metric, percentile)));
                }
            }
            if (runs.size() > 1) {
                new RepeatSummary(mapper).writeRuns(step.putObject("repeats"), files.get(i), runs);
            }
            marked.add(new ObjectiveMarks.Step(step, averaged));
            kneeSteps.add(new Knee.Step(targets.get(i), step.path("publishRate").asDouble(),
                    mean(averaged, TAIL), clean));
        }
        SearchObjectives objectives = ObjectiveMarks.of(first, mapper);
        if (objectives.any()) {
            ObjectiveMarks.write(objectives, marked, root.putArray("objectives"));
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

    /** JSON has no NaN: a number not in every result is null. */
    static void putNumber(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    /** The mean of a figure over the results; NaN when one of them lacks it. */
    private static double mean(List<BenchmarkResult> results, ResultFigure figure) {
        return results.stream().mapToDouble(figure::of).average().orElse(Double.NaN);
    }
}
