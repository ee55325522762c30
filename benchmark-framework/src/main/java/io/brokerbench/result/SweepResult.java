package io.brokerbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.capacity.Knee;
import io.brokerbench.capacity.SearchObjectives;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.result.model.MetricLatencies;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One result for a rate sweep: what 100 % stood for (a {@code percentOfMax} sweep's
 * {@link SweepMaximum}), per step its target and achieved rates, every aggregated latency of the
 * step's result and its delivery verdict, and the {@link Knee} of the curve (tail latency:
 * end-to-end p99). Built from the steps' own results, each of whose files stays beside it. A step
 * run several times ({@code --repeat}) reports the mean over its complete runs, and under
 * {@code repeats} each run and, per metric, the spread and 95 % confidence interval of the mean
 * ({@link RepeatSummary}). With objectives in the workload ({@code rateSearchObjectives}), where each
 * is first broken along the curve ({@link ObjectiveMarks}).
 */
public final class SweepResult {

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
    public static String stepVerdict(SweepDocument.Step step) {
        if (step.deliveredCleanly()) {
            return "clean";
        }
        if (!step.complete()) {
            return "incomplete";
        }
        return step.sentDeliveredCleanly() ? "rate not held" : "NOT clean";
    }

    /**
     * @param targets each step's target rate, msg/s
     * @param files each step's result file names, one per run of the step ({@code --repeat})
     * @param results their results, in the same order
     * @param maximum what the steps' percentages are of; null for a sweep of given rates
     */
    public SweepDocument of(List<Double> targets, List<List<String>> files, List<List<BenchmarkResult>> results,
            SweepMaximum maximum) {
        BenchmarkResult first = results.get(0).get(0);
        List<SweepDocument.Step> steps = new ArrayList<>();
        List<Knee.Step> kneeSteps = new ArrayList<>();
        List<ObjectiveMarks.Step> marked = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            List<BenchmarkResult> runs = results.get(i);
            // a step's figures are the mean over its complete runs: with one run, that run's own
            List<BenchmarkResult> complete = runs.stream().filter(BenchmarkResult::completed).toList();
            List<BenchmarkResult> averaged = complete.isEmpty() ? runs : complete;
            boolean allComplete = complete.size() == runs.size();
            boolean clean = allComplete && runs.stream().allMatch(RepeatSummary::deliveredCleanly);
            boolean sentClean = allComplete && runs.stream().allMatch(RepeatSummary::sentDeliveredCleanly);
            double target = targets.get(i);
            SweepDocument.Step step = new SweepDocument.Step(files.get(i).get(0), target,
                    maximum == null ? null : Math.round(target / maximum.rate() * 1e5) / 1e3,
                    mean(averaged, ResultFigure.PUBLISH_RATE), mean(averaged, ResultFigure.CONSUME_RATE),
                    mean(averaged, ResultFigure.PUBLISH_MBPS), mean(averaged, ResultFigure.CONSUME_MBPS),
                    allComplete, clean, sentClean,
                    // per subscription detail stays in the step's own result
                    runs.size() == 1 && runs.get(0).messages() != null ? runs.get(0).messages().withoutSubscriptions() : null,
                    MetricLatencies.of(metric -> LatencyStats.of(percentile ->
                            mean(averaged, ResultFigure.aggregated(metric, percentile)))),
                    runs.size() > 1 ? RepeatSummary.spread(files.get(i), runs) : null);
            steps.add(step);
            marked.add(new ObjectiveMarks.Step(step, averaged));
            kneeSteps.add(new Knee.Step(target, step.publishRate() == null ? 0 : step.publishRate(),
                    meanOrNaN(averaged, TAIL), clean));
        }
        SearchObjectives objectives = ObjectiveMarks.of(first, mapper);
        Optional<Integer> found = knee.find(kneeSteps);
        SweepDocument.Knee kneeMark = found.isEmpty()
                ? new SweepDocument.Knee(knee.rule() + " (tail latency: end-to-end p99)", null, null, null, null)
                : new SweepDocument.Knee(knee.rule() + " (tail latency: end-to-end p99)", found.get(), targets.get(found.get()),
                        kneeSteps.get(found.get()).achievedRate(), kneeSteps.get(found.get()).tailLatency());
        return new SweepDocument(SweepDocument.SCHEMA, first.workload(), first.driver(),
                first.messageSize() == null ? 0 : first.messageSize(), first.latencyUnits(),
                maximum == null ? null : maximum.entry(), steps,
                objectives.any() ? ObjectiveMarks.marks(objectives, marked) : null, kneeMark);
    }

    /** The mean of a figure over the results; null (JSON has no NaN) when one of them lacks it. */
    private static Double mean(List<BenchmarkResult> results, ResultFigure figure) {
        double mean = meanOrNaN(results, figure);
        return Double.isNaN(mean) ? null : mean;
    }

    private static double meanOrNaN(List<BenchmarkResult> results, ResultFigure figure) {
        return results.stream().mapToDouble(figure::of).average().orElse(Double.NaN);
    }
}
