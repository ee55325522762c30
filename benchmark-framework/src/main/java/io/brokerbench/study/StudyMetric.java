package io.brokerbench.study;

import io.brokerbench.result.ResultFigure;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The numbers a study manifest can compare, by the name its {@code compare:} list and its paper
 * figures use, each read from a result file of {@code bin/benchmark} in the unit the file has.
 */
public enum StudyMetric {
    PUBLISH_RATE("publishRate", ResultFigure.PUBLISH_RATE),
    CONSUME_RATE("consumeRate", ResultFigure.CONSUME_RATE),
    PUBLISH_MBPS("publishMBps", ResultFigure.PUBLISH_MBPS),
    CONSUME_MBPS("consumeMBps", ResultFigure.CONSUME_MBPS),
    SUSTAINABLE_RATE("sustainableRate", ResultFigure.SUSTAINABLE_RATE),
    COUNTED_PUBLISH_RATE("countedPublishRate", ResultFigure.COUNTED_PUBLISH_RATE),
    COUNTED_CONSUME_RATE("countedConsumeRate", ResultFigure.COUNTED_CONSUME_RATE),
    COUNTED_PUBLISH_SECONDS("countedPublishSeconds", ResultFigure.COUNTED_PUBLISH_SECONDS),
    COUNTED_CONSUME_SECONDS("countedConsumeSeconds", ResultFigure.COUNTED_CONSUME_SECONDS),
    BACKLOG_DRAIN_SECONDS("backlogDrainSeconds", ResultFigure.DRAIN_SECONDS),
    BACKLOG_DRAIN_RATE("backlogDrainRate", ResultFigure.DRAIN_CONSUME_RATE),
    BACKLOG_DRAIN_MBPS("backlogDrainMBps", ResultFigure.DRAIN_CONSUME_MBPS),
    BACKLOG_READ_SECONDS("backlogReadSeconds", ResultFigure.BACKLOG_READ_SECONDS),
    BACKLOG_READ_RATE("backlogReadRate", ResultFigure.BACKLOG_READ_RATE),
    BACKLOG_READ_MBPS("backlogReadMBps", ResultFigure.BACKLOG_READ_MBPS),
    PUBLISH_LATENCY_AVG("publishLatencyAvg", ResultFigure.aggregated(Metric.PUBLISH_LATENCY, Percentile.AVG)),
    PUBLISH_LATENCY_P99("publishLatency99pct", ResultFigure.aggregated(Metric.PUBLISH_LATENCY, Percentile.P99)),
    PUBLISH_LATENCY_MAX("publishLatencyMax", ResultFigure.aggregated(Metric.PUBLISH_LATENCY, Percentile.MAX)),
    END_TO_END_AVG("endToEndLatencyAvg", ResultFigure.aggregated(Metric.END_TO_END, Percentile.AVG)),
    /** The lowest entry of the quantile map: the smallest sample, to the histogram's 3 significant digits. */
    END_TO_END_MIN("endToEndLatencyMin", "ms", result -> lowestQuantile(result.quantiles(Metric.END_TO_END))),
    END_TO_END_P50("endToEndLatency50pct", ResultFigure.aggregated(Metric.END_TO_END, Percentile.P50)),
    END_TO_END_P90("endToEndLatency90pct", "ms", result -> quantile(result.quantiles(Metric.END_TO_END), 90)),
    END_TO_END_P99("endToEndLatency99pct", ResultFigure.aggregated(Metric.END_TO_END, Percentile.P99)),
    END_TO_END_P999("endToEndLatency999pct", ResultFigure.aggregated(Metric.END_TO_END, Percentile.P999)),
    END_TO_END_MAX("endToEndLatencyMax", ResultFigure.aggregated(Metric.END_TO_END, Percentile.MAX)),
    PUBLISH_DELAY_P99("publishDelay99pct", ResultFigure.aggregated(Metric.PUBLISH_DELAY, Percentile.P99)),
    CPU_PER_MESSAGE("cpuMicrosPerMessage", ResultFigure.CPU_MICROS_PER_MESSAGE),
    /** The client JVM's CPU over the measured phase's length: cores kept busy on average. */
    CLIENT_CPU_CORES("clientCpuCores", ResultFigure.CPU_CORES);

    /** What only consumers measure. */
    private static final Set<StudyMetric> CONSUMER_SIDE = EnumSet.of(CONSUME_RATE, CONSUME_MBPS, COUNTED_CONSUME_RATE,
            COUNTED_CONSUME_SECONDS, BACKLOG_DRAIN_SECONDS, BACKLOG_DRAIN_RATE, BACKLOG_DRAIN_MBPS, BACKLOG_READ_SECONDS,
            BACKLOG_READ_RATE, BACKLOG_READ_MBPS, END_TO_END_AVG, END_TO_END_MIN, END_TO_END_P50, END_TO_END_P90,
            END_TO_END_P99, END_TO_END_P999, END_TO_END_MAX);

    private final String key;
    private final String unit;
    private final Function<BenchmarkResult, Optional<Double>> reader;

    StudyMetric(String key, ResultFigure figure) {
        this(key, figure.unit(), figure::in);
    }

    StudyMetric(String key, String unit, Function<BenchmarkResult, Optional<Double>> reader) {
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

    /**
     * This metric in {@code result}; empty when the run did not measure it (no search, no backlog, no
     * consumer: a producer-only run's end-to-end latencies and consume rates are zeros, not measurements).
     */
    public Optional<Double> of(BenchmarkResult result) {
        if (CONSUMER_SIDE.contains(this) && result.messages() != null && result.messages().producerOnly()) {
            return Optional.empty();
        }
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

    private static Optional<Double> lowestQuantile(Map<String, Number> quantiles) {
        if (quantiles == null || quantiles.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(quantiles.values().iterator().next().doubleValue());
    }

    /** The value at the first quantile level at or above {@code percent}; the map's keys are percent levels. */
    private static Optional<Double> quantile(Map<String, Number> quantiles, double percent) {
        if (quantiles == null) {
            return Optional.empty();
        }
        for (Map.Entry<String, Number> level : quantiles.entrySet()) {
            if (Double.parseDouble(level.getKey()) >= percent) {
                return Optional.of(level.getValue().doubleValue());
            }
        }
        return Optional.empty();
    }
}
