package io.brokerbench.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.capacity.SearchObjectives;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.IntervalOutcome;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Where each of a sweep's objectives ({@code rateSearchObjectives} of its workload, the same the
 * max-rate search holds rates to) is first broken along its curve: per objective, its limit, the
 * first step whose measured phase broke it and the value there. The sweep measures each step over a
 * whole measured phase, so a latency objective is judged on the step's aggregate percentile, from
 * the intended send time as in the search.
 */
final class ObjectiveMarks {

    /**
     * One objective as a check on a sweep step: how to read the step's value, and its limit; a
     * latency objective names its result metric and percentile (null otherwise).
     */
    private record Check(String label, String unit, double limit, ToDoubleFunction<Step> value, Metric metric,
            Percentile percentile) {
    }

    /** A step of the sweep: its summary (with mean latencies) and the results of its runs. */
    record Step(SweepDocument.Step summary, List<BenchmarkResult> runs) {
    }

    private ObjectiveMarks() {
    }

    /** The objectives written in the sweep's step results, or none. */
    static SearchObjectives of(BenchmarkResult firstResult, ObjectMapper mapper) {
        JsonNode config = firstResult.workloadConfig();
        JsonNode node = config == null ? null : config.path("rateSearchObjectives");
        if (node == null || !node.isObject()) {
            return SearchObjectives.NONE;
        }
        try {
            return mapper.treeToValue(node, SearchObjectives.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return SearchObjectives.NONE;
        }
    }

    /** One mark per objective, in the order of {@link #checks}. */
    static List<SweepDocument.ObjectiveMark> marks(SearchObjectives objectives, List<Step> steps) {
        List<SweepDocument.ObjectiveMark> marks = new ArrayList<>();
        for (Check check : checks(objectives)) {
            String metric = check.metric() == null ? null : check.metric().resultName();
            String percentile = check.percentile() == null ? null : check.percentile().suffix();
            SweepDocument.ObjectiveMark mark = new SweepDocument.ObjectiveMark(check.label(), check.limit(), check.unit(),
                    metric, percentile, null, null, null, null);
            for (int i = 0; i < steps.size(); i++) {
                double value = check.value().applyAsDouble(steps.get(i));
                if (value > check.limit()) {
                    SweepDocument.Step step = steps.get(i).summary();
                    mark = new SweepDocument.ObjectiveMark(check.label(), check.limit(), check.unit(), metric, percentile, i,
                            step.targetRate(), step.publishRate() == null ? 0.0 : step.publishRate(), value);
                    break;
                }
            }
            marks.add(mark);
        }
        return marks;
    }

    private static List<Check> checks(SearchObjectives objectives) {
        List<Check> checks = new ArrayList<>();
        latency(checks, "end-to-end p99", objectives.endToEndP99Millis(), Metric.END_TO_END_FROM_INTENDED, Percentile.P99);
        latency(checks, "end-to-end p99.9", objectives.endToEndP999Millis(), Metric.END_TO_END_FROM_INTENDED, Percentile.P999);
        latency(checks, "publish p99", objectives.publishP99Millis(), Metric.PUBLISH_LATENCY_FROM_INTENDED, Percentile.P99);
        if (objectives.backlogSeconds() != null) {
            checks.add(new Check("backlog ≤ " + plain(objectives.backlogSeconds()) + " s", "s",
                    objectives.backlogSeconds(), ObjectiveMarks::longestBacklogSeconds, null, null));
        }
        if (Boolean.TRUE.equals(objectives.noFailedSends())) {
            checks.add(new Check("no failed sends", "sends", 0, step -> step.runs().stream()
                    .mapToDouble(r -> r.messages() == null ? 0 : r.messages().sendFailures()).max().orElse(0), null, null));
        }
        return checks;
    }

    private static void latency(List<Check> checks, String name, Double limit, Metric metric, Percentile percentile) {
        if (limit != null) {
            checks.add(new Check(name + " ≤ " + plain(limit) + " ms", "ms", limit, step -> {
                LatencyStats stats = step.summary().latency().get(metric);
                return stats == null ? Double.NaN : stats.get(percentile);
            }, metric, percentile));
        }
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** The largest backlog of any measured interval of any run, in seconds of the step's target rate. */
    private static double longestBacklogSeconds(Step step) {
        double target = step.summary().targetRate();
        long most = 0;
        for (BenchmarkResult run : step.runs()) {
            for (IntervalOutcome point : run.intervals() == null ? List.<IntervalOutcome>of() : run.intervals()) {
                if (point.measured()) {
                    most = Math.max(most, point.backlog());
                }
            }
        }
        return target > 0 ? most / target : 0;
    }
}
