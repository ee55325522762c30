package io.brokerbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The numbers a study manifest can compare, by the name its {@code compare:} list and its paper
 * figures use, each read from a result file of {@code bin/benchmark} in the unit the file has.
 */
public enum StudyMetric {
    PUBLISH_RATE("publishRate", "msg/s", "measured.publishRate"),
    CONSUME_RATE("consumeRate", "msg/s", "measured.consumeRate"),
    PUBLISH_MBPS("publishMBps", "MB/s", "measured.publishMBps"),
    CONSUME_MBPS("consumeMBps", "MB/s", "measured.consumeMBps"),
    SUSTAINABLE_RATE("sustainableRate", "msg/s", "rateSearch.sustainableRate"),
    COUNTED_PUBLISH_RATE("countedPublishRate", "msg/s", "countBounded.publishRate"),
    COUNTED_CONSUME_RATE("countedConsumeRate", "msg/s", "countBounded.consumeRate"),
    COUNTED_PUBLISH_SECONDS("countedPublishSeconds", "s", "countBounded.publishSeconds"),
    COUNTED_CONSUME_SECONDS("countedConsumeSeconds", "s", "countBounded.consumeSeconds"),
    BACKLOG_DRAIN_SECONDS("backlogDrainSeconds", "s", "backlogDrain.seconds"),
    BACKLOG_DRAIN_RATE("backlogDrainRate", "msg/s", "backlogDrain.consumeRate"),
    BACKLOG_DRAIN_MBPS("backlogDrainMBps", "MB/s", "backlogDrain.consumeMBps"),
    BACKLOG_READ_SECONDS("backlogReadSeconds", "s", "backlogDrain.backlogReadSeconds"),
    BACKLOG_READ_RATE("backlogReadRate", "msg/s", "backlogDrain.backlogReadRate"),
    BACKLOG_READ_MBPS("backlogReadMBps", "MB/s", "backlogDrain.backlogReadMBps"),
    PUBLISH_LATENCY_AVG("publishLatencyAvg", "ms", "aggregatedPublishLatencyAvg"),
    PUBLISH_LATENCY_P99("publishLatency99pct", "ms", "aggregatedPublishLatency99pct"),
    PUBLISH_LATENCY_MAX("publishLatencyMax", "ms", "aggregatedPublishLatencyMax"),
    END_TO_END_AVG("endToEndLatencyAvg", "ms", "aggregatedEndToEndLatencyAvg"),
    /** The lowest entry of the quantile map: the smallest sample, to the histogram's 3 significant digits. */
    END_TO_END_MIN("endToEndLatencyMin", "ms", result -> lowestQuantile(result.path("aggregatedEndToEndLatencyQuantiles"))),
    END_TO_END_P50("endToEndLatency50pct", "ms", "aggregatedEndToEndLatency50pct"),
    END_TO_END_P90("endToEndLatency90pct", "ms", result -> quantile(result.path("aggregatedEndToEndLatencyQuantiles"), 90)),
    END_TO_END_P99("endToEndLatency99pct", "ms", "aggregatedEndToEndLatency99pct"),
    END_TO_END_P999("endToEndLatency999pct", "ms", "aggregatedEndToEndLatency999pct"),
    END_TO_END_MAX("endToEndLatencyMax", "ms", "aggregatedEndToEndLatencyMax"),
    PUBLISH_DELAY_P99("publishDelay99pct", "us", "aggregatedPublishDelayLatency99pct"),
    CPU_PER_MESSAGE("cpuMicrosPerMessage", "us", "loadGenerator.processCpuMicrosPerMessage"),
    /** The client JVM's CPU over the measured phase's length: cores kept busy on average. */
    CLIENT_CPU_CORES("clientCpuCores", "cores", "loadGenerator.processCpuCores");

    private final String key;
    private final String unit;
    private final Function<JsonNode, Optional<Double>> reader;

    StudyMetric(String key, String unit, String path) {
        this(key, unit, result -> number(at(result, path)));
    }

    StudyMetric(String key, String unit, Function<JsonNode, Optional<Double>> reader) {
        this.key = key;
        this.unit = unit;
        this.reader = reader;
    }

    /** The name manifests use. */
    public String key() {
        return key;
    }

    /** The unit of {@link #of}'s value. */
    public String unit() {
        return unit;
    }

    /** This metric in {@code result}; empty when the run did not measure it (no search, no backlog, ...). */
    public Optional<Double> of(JsonNode result) {
        return reader.apply(result);
    }

    /** The metric named {@code key}, as a manifest writes it. */
    public static Optional<StudyMetric> named(String key) {
        return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
    }

    /** Every name, for an error message. */
    public static String names() {
        return Arrays.stream(values()).map(StudyMetric::key).collect(Collectors.joining(", "));
    }

    private static JsonNode at(JsonNode node, String path) {
        for (String part : path.split("\\.")) {
            node = node.path(part);
        }
        return node;
    }

    private static Optional<Double> number(JsonNode node) {
        return node.isNumber() ? Optional.of(node.asDouble()) : Optional.empty();
    }

    private static Optional<Double> lowestQuantile(JsonNode quantiles) {
        Iterator<JsonNode> values = quantiles.elements();
        return values.hasNext() ? number(values.next()) : Optional.empty();
    }

    /** The value at the first quantile level at or above {@code percent}; the map's keys are percent levels. */
    private static Optional<Double> quantile(JsonNode quantiles, double percent) {
        Iterator<String> levels = quantiles.fieldNames();
        while (levels.hasNext()) {
            String level = levels.next();
            if (Double.parseDouble(level) >= percent) {
                return number(quantiles.get(level));
            }
        }
        return Optional.empty();
    }
}
