package io.brokerbench.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.brokerbench.config.ConfigException;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A result file as the report reads it. Our files and OMB's share the TestResult fields; everything
 * only ours carry (intervals with phases, delivery verdicts, environment) is optional here, so an
 * OMB file gives a report with fewer sections rather than an error. Missing numbers are NaN.
 */
final class RunResult {

    /** Whether the run finished; OMB's files do not say. */
    enum Status { COMPLETE, INCOMPLETE, NOT_RECORDED }

    /**
     * One reporting interval. {@code x} is seconds since the load started, or the interval's number
     * when the file has no times; {@code node} is the interval's entry in the file (missing for OMB's).
     */
    record Interval(String phase, double x, double publishRate, double consumeRate, double publishErrorRate,
            double backlog, Map<Metric, double[]> latency, JsonNode node) {

        boolean measured() {
            return MEASURE.equals(phase);
        }

        /** In the metric's unit in result files (µs for the publish delay, ms for the rest). */
        double latency(Metric metric, Percentile percentile) {
            double[] values = latency.get(metric);
            return values == null ? Double.NaN : values[percentile.ordinal()];
        }
    }

    /**
     * Delivery verdict summed over subscriptions, and what producers could not deliver (results
     * written before those counts existed have 0 there).
     */
    record Delivery(long sent, long received, long lost, long duplicated, long reordered, long foreign,
            long sendFailures, long unsent, long unacknowledged, JsonNode subscriptions) {

        boolean clean() {
            return lost == 0 && duplicated == 0 && reordered == 0 && foreign == 0 && undelivered() == 0;
        }

        /** Messages due that failed, were never sent, or never acknowledged. */
        long undelivered() {
            return sendFailures + unsent + unacknowledged;
        }

        /** One line of what went wrong, for a report cell. */
        String problems() {
            StringBuilder line = new StringBuilder();
            line.append(Numbers.count(lost)).append(" lost · ").append(Numbers.count(duplicated))
                    .append(" duplicated · ").append(Numbers.count(reordered)).append(" reordered");
            if (foreign > 0) {
                line.append(" · ").append(Numbers.count(foreign)).append(" foreign");
            }
            if (sendFailures > 0) {
                line.append(" · ").append(Numbers.count(sendFailures)).append(" sends failed");
            }
            if (unsent > 0) {
                line.append(" · ").append(Numbers.count(unsent)).append(" never sent");
            }
            if (unacknowledged > 0) {
                line.append(" · ").append(Numbers.count(unacknowledged)).append(" never acknowledged");
            }
            return line.toString();
        }
    }

    static final String MEASURE = "measure";

    private final Path file;
    private final JsonNode root;
    private final List<Interval> intervals;
    private final boolean timed;

    private RunResult(Path file, JsonNode root) {
        this.file = file;
        this.root = root;
        this.timed = root.path("intervals").isArray() && !root.path("intervals").isEmpty();
        this.intervals = timed ? fromIntervals(root.path("intervals")) : fromSeries(root);
    }

    /** Reads a result file; anything that is not one is a one-line {@link ConfigException} naming the file. */
    static RunResult read(Path file, ObjectMapper mapper) {
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            root = mapper.readTree(in);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
            throw ConfigException.file(file, "not valid JSON" + where + ": " + OneLine.text(e.getOriginalMessage()));
        } catch (IOException e) {
            String problem = e instanceof NoSuchFileException ? "no such file"
                    : Files.isDirectory(file) ? "is a directory" : OneLine.of(e);
            throw ConfigException.file(file, "cannot read: " + problem);
        }
        return of(file, root);
    }

    /** A result already parsed (or just written) from {@code file}; checked as {@link #read} checks a file. */
    static RunResult of(Path file, JsonNode root) {
        if (root == null || !root.isObject()) {
            throw ConfigException.file(file, "not a benchmark result: expected a JSON object");
        }
        if (!root.path("publishRate").isArray()) {
            throw ConfigException.file(file, "not a benchmark result: no 'publishRate' series (neither a brokerbench nor an OMB result)");
        }
        return new RunResult(file, root);
    }

    private static List<Interval> fromIntervals(JsonNode array) {
        List<Interval> list = new ArrayList<>();
        for (JsonNode node : array) {
            Map<Metric, double[]> latency = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                JsonNode stats = node.path(metric.resultName());
                if (stats.isObject()) {
                    double[] values = new double[Percentile.values().length];
                    for (Percentile percentile : Percentile.values()) {
                        values[percentile.ordinal()] = number(stats.path(percentile.suffix()));
                    }
                    latency.put(metric, values);
                }
            }
            list.add(new Interval(node.path("phase").asText(MEASURE), number(node.path("elapsedSeconds")),
                    number(node.path("publishRate")), number(node.path("consumeRate")),
                    number(node.path("publishErrorRate")), number(node.path("backlog")), latency, node));
        }
        return list;
    }

    /** OMB's files: one array per statistic over the measured intervals, and no times. */
    private static List<Interval> fromSeries(JsonNode root) {
        int count = root.path("publishRate").size();
        List<Interval> list = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<Metric, double[]> latency = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                if (root.path(metric.resultName() + Percentile.P50.suffix()).isArray()) {
                    double[] values = new double[Percentile.values().length];
                    for (Percentile percentile : Percentile.values()) {
                        values[percentile.ordinal()] = number(root.path(metric.resultName() + percentile.suffix()).path(i));
                    }
                    latency.put(metric, values);
                }
            }
            list.add(new Interval(MEASURE, i + 1, number(root.path("publishRate").path(i)),
                    number(root.path("consumeRate").path(i)), number(root.path("publishErrorRate").path(i)),
                    number(root.path("backlog").path(i)), latency, MissingNode.getInstance()));
        }
        return list;
    }

    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }

    Path file() {
        return file;
    }

    String workload() {
        return root.path("workload").asText("(unnamed workload)");
    }

    String driver() {
        return root.path("driver").asText("(unnamed driver)");
    }

    /** Our files carry intervals with times and phases; OMB's only measured series. */
    boolean timed() {
        return timed;
    }

    List<Interval> intervals() {
        return intervals;
    }

    Status status() {
        if (!root.path("complete").isBoolean()) {
            return Status.NOT_RECORDED;
        }
        return root.path("complete").asBoolean() ? Status.COMPLETE : Status.INCOMPLETE;
    }

    String incompleteReason() {
        return text("incompleteReason");
    }

    Instant begin() {
        return instant("beginTime");
    }

    Instant end() {
        return instant("endTime");
    }

    private Instant instant(String field) {
        String value = text(field);
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A text field, or null when absent or JSON null. */
    String text(String field) {
        JsonNode node = root.path(field);
        return node.isValueNode() && !node.isNull() ? node.asText() : null;
    }

    double messageSize() {
        return number(root.path("messageSize"));
    }

    double publishRate() {
        return measuredOr("publishRate", "publishRate");
    }

    double consumeRate() {
        return measuredOr("consumeRate", "consumeRate");
    }

    double publishMBps() {
        return bytesOr("publishMBps", publishRate());
    }

    double consumeMBps() {
        return bytesOr("consumeMBps", consumeRate());
    }

    /** Our measured totals; for OMB's files the mean of the measured series. */
    private double measuredOr(String measuredField, String series) {
        JsonNode value = root.path("measured").path(measuredField);
        if (value.isNumber()) {
            return value.asDouble();
        }
        double sum = 0;
        int n = 0;
        for (JsonNode point : root.path(series)) {
            if (point.isNumber()) {
                sum += point.asDouble();
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private double bytesOr(String measuredField, double rate) {
        JsonNode value = root.path("measured").path(measuredField);
        return value.isNumber() ? value.asDouble() : rate * messageSize() / (1024.0 * 1024.0);
    }

    /** An aggregated statistic in the metric's result unit (µs for the publish delay, ms for the rest). */
    double aggregated(Metric metric, Percentile percentile) {
        return number(root.path(aggregatedPrefix(metric) + percentile.suffix()));
    }

    /** The aggregated percentile curve: percentile level (0–100) → value in the metric's result unit. */
    TreeMap<Double, Double> quantiles(Metric metric) {
        TreeMap<Double, Double> curve = new TreeMap<>();
        root.path(aggregatedPrefix(metric) + "Quantiles").fields().forEachRemaining(entry -> {
            try {
                double level = Double.parseDouble(entry.getKey());
                if (entry.getValue().isNumber() && level >= 0 && level <= 100) {
                    curve.put(level, entry.getValue().asDouble());
                }
            } catch (NumberFormatException e) {
                // not a percentile level: nothing to plot for it
            }
        });
        return curve;
    }

    private static String aggregatedPrefix(Metric metric) {
        String name = metric.resultName();
        return "aggregated" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** Null for OMB's files, which do not verify delivery. */
    Delivery delivery() {
        JsonNode messages = root.path("messages");
        if (!messages.path("verified").asBoolean(false)) {
            return null;
        }
        return new Delivery(messages.path("sent").asLong(), messages.path("received").asLong(),
                messages.path("lost").asLong(), messages.path("duplicated").asLong(),
                messages.path("reordered").asLong(), messages.path("foreign").asLong(),
                messages.path("sendFailures").asLong(), messages.path("unsent").asLong(),
                messages.path("unacknowledged").asLong(), messages.path("subscriptions"));
    }

    JsonNode node(String field) {
        return root.path(field);
    }
}
