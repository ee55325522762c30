package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.stats.Percentile;
import java.util.function.Function;

/**
 * One latency metric's statistics over a span (the measured phase, an interval, a rate phase), a
 * field per statistic named by {@link Percentile#suffix()}: nested as {@code {"Avg": …, "99pct": …}}
 * in intervals and rate phases, flattened under OMB's prefix ("aggregatedPublishLatency99pct") at
 * the top of the file. In the metric's result unit; null where a file lacks the statistic.
 */
public record LatencyStats(
        @JsonProperty("Avg") Number avg,
        @JsonProperty("50pct") Number p50,
        @JsonProperty("75pct") Number p75,
        @JsonProperty("95pct") Number p95,
        @JsonProperty("99pct") Number p99,
        @JsonProperty("999pct") Number p999,
        @JsonProperty("9999pct") Number p9999,
        @JsonProperty("99999pct") Number p99999,
        @JsonProperty("Max") Number max) {

    public static LatencyStats of(Function<Percentile, Number> values) {
        return new LatencyStats(values.apply(Percentile.AVG), values.apply(Percentile.P50), values.apply(Percentile.P75),
                values.apply(Percentile.P95), values.apply(Percentile.P99), values.apply(Percentile.P999),
                values.apply(Percentile.P9999), values.apply(Percentile.P99999), values.apply(Percentile.MAX));
    }

    /** One statistic; NaN when the file lacks it. */
    public double get(Percentile percentile) {
        Number value = number(percentile);
        return value == null ? Double.NaN : value.doubleValue();
    }

    /** One statistic as the file has it (whole microseconds stay whole); null when the file lacks it. */
    public Number number(Percentile percentile) {
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
