package io.brokerbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.stats.Spread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code --repeat N} reports over the N result files of one workload × driver: per metric the
 * mean, sample standard deviation and 95 % confidence interval of the mean ({@link Spread}), with
 * every run's value. Computed from the result documents themselves, so it can always be checked
 * against them. Only complete runs count; an incomplete one is listed, not averaged.
 */
public final class RepeatSummary {

    public static final String SCHEMA = "brokerbench-repeat-summary/1";
    /** The percentiles summarised for each latency metric: the ones studies quote. */
    private static final List<Percentile> PERCENTILES = List.of(Percentile.AVG, Percentile.P50, Percentile.P99,
            Percentile.P999, Percentile.MAX);

    private final ObjectMapper mapper;

    public RepeatSummary(ObjectMapper mapper) {
        this.mapper = mapper;
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
                ResultFigure.BACKLOG_READ_RATE, ResultFigure.CPU_MICROS_PER_MESSAGE, ResultFigure.CPU_CORES));
        return metrics;
    }

    /**
     * @param files the result files' names, in run order
     * @param results their documents, in the same order
     */
    public ObjectNode of(List<String> files, List<BenchmarkResult> results) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        BenchmarkResult first = results.get(0);
        root.put("workload", first.workload());
        root.put("driver", first.driver());
        writeRuns(root, files, results);
        return root;
    }

    /**
     * The summary without its header: each run (file, complete, delivered cleanly), how many were
     * summarised, and per metric their spread. A repeated step of a rate sweep carries it too.
     */
    public void writeRuns(ObjectNode root, List<String> files, List<BenchmarkResult> results) {
        ArrayNode runs = root.putArray("runs");
        List<BenchmarkResult> complete = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            boolean done = results.get(i).completed();
            runs.addObject().put("file", files.get(i)).put("complete", done)
                    .put("deliveredCleanly", deliveredCleanly(results.get(i)))
                    .put("sentDeliveredCleanly", sentDeliveredCleanly(results.get(i)));
            if (done) {
                complete.add(results.get(i));
            }
        }
        root.put("runsSummarised", complete.size());
        root.put("confidence", "95 % interval of the mean, Student's t with runs - 1 degrees of freedom");
        ObjectNode metrics = root.putObject("metrics");
        for (ResultFigure metric : metrics()) {
            double[] values = complete.stream().mapToDouble(metric::of).toArray();
            if (values.length == 0 || Arrays.stream(values).anyMatch(v -> Double.isNaN(v))) {
                continue; // absent from these results (e.g. no backlog), or not measured in every run
            }
            Spread spread = Spread.of(values);
            ObjectNode node = metrics.putObject(metric.path());
            node.put("unit", metric.unit());
            put(node, "mean", spread.mean());
            put(node, "standardDeviation", spread.standardDeviation());
            put(node, "ci95Low", spread.ciLow());
            put(node, "ci95High", spread.ciHigh());
            put(node, "coefficientOfVariation", spread.coefficientOfVariation(), 1e5); // a ratio: 3 decimals are too few
            put(node, "min", spread.min());
            put(node, "max", spread.max());
            ArrayNode each = node.putArray("values");
            for (double value : values) {
                each.add(value);
            }
        }
    }

    static boolean deliveredCleanly(BenchmarkResult result) {
        return result.messages() != null && result.messages().deliveredCleanly();
    }

    static boolean sentDeliveredCleanly(BenchmarkResult result) {
        return result.messages() != null && result.messages().sentDeliveredCleanly();
    }

    private static void put(ObjectNode node, String field, double value) {
        put(node, field, value, 1e3);
    }

    private static void put(ObjectNode node, String field, double value, double scale) {
        if (Double.isFinite(value)) {
            node.put(field, Math.round(value * scale) / scale);
        } else {
            node.putNull(field); // one run: no deviation, no interval
        }
    }
}
