package io.brokerbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    public static final String SCHEMA = "brokerbench-repeat-summary/1";
    /** The percentiles summarised for each latency metric: the ones studies quote. */
    private static final List<Percentile> PERCENTILES = List.of(Percentile.AVG, Percentile.P50, Percentile.P99,
            Percentile.P999, Percentile.MAX);

    private final ObjectMapper mapper;

    public RepeatSummary(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** The metrics summarised, as field paths into a result document, with their units. */
    static Map<String, String> metrics() {
        Map<String, String> metrics = new LinkedHashMap<>();
        metrics.put("rateSearch.sustainableRate", "msg/s");
        metrics.put("measured.publishRate", "msg/s");
        metrics.put("measured.consumeRate", "msg/s");
        metrics.put("measured.publishMBps", "MB/s");
        metrics.put("measured.consumeMBps", "MB/s");
        for (Metric metric : Metric.values()) {
            String prefix = "aggregated" + Character.toUpperCase(metric.resultName().charAt(0)) + metric.resultName().substring(1);
            for (Percentile percentile : PERCENTILES) {
                metrics.put(prefix + percentile.suffix(), metric.resultUnit().symbol());
            }
        }
        metrics.put("countBounded.publishSeconds", "s");
        metrics.put("countBounded.consumeSeconds", "s");
        metrics.put("backlogDrain.seconds", "s");
        metrics.put("backlogDrain.consumeRate", "msg/s");
        metrics.put("backlogDrain.backlogReadSeconds", "s");
        metrics.put("backlogDrain.backlogReadRate", "msg/s");
        metrics.put("loadGenerator.processCpuMicrosPerMessage", "us");
        metrics.put("loadGenerator.processCpuCores", "cores");
        return metrics;
    }

    /**
     * @param files the result files' names, in run order
     * @param results their documents, in the same order
     */
    public ObjectNode of(List<String> files, List<JsonNode> results) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        JsonNode first = results.get(0);
        root.put("workload", first.path("workload").asText());
        root.put("driver", first.path("driver").asText());
        writeRuns(root, files, results);
        return root;
    }

    /**
     * The summary without its header: each run (file, complete, delivered cleanly), how many were
     * summarised, and per metric their spread. A repeated step of a rate sweep carries it too.
     */
    public void writeRuns(ObjectNode root, List<String> files, List<JsonNode> results) {
        ArrayNode runs = root.putArray("runs");
        List<JsonNode> complete = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            boolean done = results.get(i).path("complete").asBoolean(false);
            JsonNode messages = results.get(i).path("messages");
            runs.addObject().put("file", files.get(i)).put("complete", done)
                    .put("deliveredCleanly", messages.path("deliveredCleanly").asBoolean(false))
                    .put("sentDeliveredCleanly", messages.path("sentDeliveredCleanly").asBoolean(false));
            if (done) {
                complete.add(results.get(i));
            }
        }
        root.put("runsSummarised", complete.size());
        root.put("confidence", "95 % interval of the mean, Student's t with runs - 1 degrees of freedom");
        ObjectNode metrics = root.putObject("metrics");
        for (Map.Entry<String, String> metric : metrics().entrySet()) {
            double[] values = complete.stream().mapToDouble(r -> value(r, metric.getKey())).toArray();
            if (values.length == 0 || Arrays.stream(values).anyMatch(v -> Double.isNaN(v))) {
                continue; // absent from these results (e.g. no backlog), or not measured in every run
            }
            Spread spread = Spread.of(values);
            ObjectNode node = metrics.putObject(metric.getKey());
            node.put("unit", metric.getValue());
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

    /** The number at a dotted path of a result document; NaN if absent or not a number. */
    static double value(JsonNode result, String path) {
        JsonNode node = result;
        for (String part : path.split("\\.")) {
            node = node.path(part);
        }
        return node.isNumber() ? node.asDouble() : Double.NaN;
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
