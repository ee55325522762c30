package io.brokerbench.result;

import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.FigureSpread;
import io.brokerbench.result.model.RepeatSpread;
import io.brokerbench.result.model.RepeatSummaryDocument;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.stats.Spread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code --repeat N} reports over the N result files of one workload × driver: per metric the
 * mean, sample standard deviation and 95 % confidence interval of the mean ({@link Spread}), with
 * every run's value. Computed from the result documents themselves, so it can always be checked
 * against them. Only complete runs count; an incomplete one is listed, not averaged.
 */
public final class RepeatSummary {

    /** The percentiles summarised for each latency metric: the ones studies quote. */
    private static final List<Percentile> PERCENTILES = List.of(Percentile.AVG, Percentile.P50, Percentile.P99,
            Percentile.P999, Percentile.MAX);

    private RepeatSummary() {
    }

    /** The figures summarised, each under its field path in a result document. */
    static List<ResultFigure> metrics() {
        List<ResultFigure> metrics = new ArrayList<>(List.of(ResultFigure.SUSTAINABLE_RATE, ResultFigure.PUBLISH_RATE,
                ResultFigure.CONSUME_RATE, ResultFigure.PUBLISH_MBPS, ResultFigure.CONSUME_MBPS));
        for (Metric metric : Metric.values()) {
            for (Percentile percentile : PERCENTILES) {
                metrics.add(ResultFigure.aggregated(metric, percentile));
            }
        }
        metrics.addAll(List.of(ResultFigure.COUNTED_PUBLISH_SECONDS, ResultFigure.COUNTED_CONSUME_SECONDS,
                ResultFigure.DRAIN_SECONDS, ResultFigure.DRAIN_CONSUME_RATE, ResultFigure.BACKLOG_READ_SECONDS,
                ResultFigure.BACKLOG_READ_RATE, ResultFigure.CPU_MICROS_PER_MESSAGE, ResultFigure.CPU_CORES,
                ResultFigure.BROKER_CPU_MICROS_PER_MESSAGE, ResultFigure.BROKER_CPU_CORES));
        return metrics;
    }

    /**
     * @param files the result files' names, in run order
     * @param results their results, in the same order
     */
    public static RepeatSummaryDocument of(List<String> files, List<BenchmarkResult> results) {
        BenchmarkResult first = results.get(0);
        return new RepeatSummaryDocument(RepeatSummaryDocument.SCHEMA, first.workload(), first.driver(),
                spread(files, results));
    }

    /**
     * The summary without its header: each run (file, complete, delivered cleanly), how many were
     * summarised, and per metric their spread. A repeated step of a rate sweep carries it too.
     */
    public static RepeatSpread spread(List<String> files, List<BenchmarkResult> results) {
        List<RepeatSpread.Run> runs = new ArrayList<>();
        List<BenchmarkResult> complete = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            BenchmarkResult result = results.get(i);
            runs.add(new RepeatSpread.Run(files.get(i), result.completed(), deliveredCleanly(result),
                    sentDeliveredCleanly(result)));
            if (result.completed()) {
                complete.add(result);
            }
        }
        Map<String, FigureSpread> metrics = new LinkedHashMap<>();
        for (ResultFigure metric : metrics()) {
            double[] values = complete.stream().mapToDouble(metric::of).toArray();
            if (values.length == 0 || Arrays.stream(values).anyMatch(v -> Double.isNaN(v))) {
                continue; // absent from these results (e.g. no backlog), or not measured in every run
            }
            Spread spread = Spread.of(values);
            metrics.put(metric.path(), new FigureSpread(metric.unit(), rounded(spread.mean(), 1e3),
                    rounded(spread.standardDeviation(), 1e3), rounded(spread.ciLow(), 1e3), rounded(spread.ciHigh(), 1e3),
                    rounded(spread.coefficientOfVariation(), 1e5), // a ratio: 3 decimals are too few
                    rounded(spread.min(), 1e3), rounded(spread.max(), 1e3), Arrays.stream(values).boxed().toList()));
        }
        return new RepeatSpread(runs, complete.size(), "95 % interval of the mean, Student's t with runs - 1 degrees of freedom",
                metrics);
    }

    /** Rounded to 1/scale; null where not finite (one run: no deviation, no interval). */
    private static Double rounded(double value, double scale) {
        return Double.isFinite(value) ? Math.round(value * scale) / scale : null;
    }

    static boolean deliveredCleanly(BenchmarkResult result) {
        return result.messages() != null && result.messages().judgedClean();
    }

    static boolean sentDeliveredCleanly(BenchmarkResult result) {
        return result.messages() != null && result.messages().judgedSentClean();
    }
}
