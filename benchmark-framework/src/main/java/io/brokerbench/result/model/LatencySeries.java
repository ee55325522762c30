package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.stats.Percentile;
import java.util.List;
import java.util.function.Function;

/**
 * One latency metric's statistics over the measured intervals, one value per interval, as OMB's
 * result files carry them: a field per statistic, its name the metric's followed by
 * {@link Percentile#suffix()} ("publishLatency99pct"). Numbers are in the metric's result unit
 * (µs for the publish delay, ms for the rest); a statistic OMB's files lack is null.
 */
public record LatencySeries(
        @JsonProperty("Avg") List<Number> avg,
        @JsonProperty("50pct") List<Number> p50,
        @JsonProperty("75pct") List<Number> p75,
        @JsonProperty("95pct") List<Number> p95,
        @JsonProperty("99pct") List<Number> p99,
        @JsonProperty("999pct") List<Number> p999,
        @JsonProperty("9999pct") List<Number> p9999,
        @JsonProperty("99999pct") List<Number> p99999,
        @JsonProperty("Max") List<Number> max) {

    public static LatencySeries of(Function<Percentile, List<Number>> values) {
        return new LatencySeries(values.apply(Percentile.AVG), values.apply(Percentile.P50), values.apply(Percentile.P75),
                values.apply(Percentile.P95), values.apply(Percentile.P99), values.apply(Percentile.P999),
                values.apply(Percentile.P9999), values.apply(Percentile.P99999), values.apply(Percentile.MAX));
    }

    /** The series of one statistic; null when the file lacks it. */
    public List<Number> get(Percentile percentile) {
        return switch (percentile) {
            case AVG -> avg;
            case P50 -> p50;
            case P75 -> p75;
            case P95 -> p95;
            case P99 -> p99;
            case P999 -> p999;
            case P9999 -> p9999;
            case P99999 -> p99999;
            case MAX -> max;
        };
    }
}
