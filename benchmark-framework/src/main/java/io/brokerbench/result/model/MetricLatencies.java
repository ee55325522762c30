package io.brokerbench.result.model;

import io.brokerbench.stats.Metric;
import java.util.function.Function;

/**
 * Every latency metric's statistics over one span, each under the metric's result name
 * ({@code "endToEndLatency": {"99pct": …}}): an interval's or a rate phase's latencies. A metric
 * the file lacks is null.
 */
public record MetricLatencies(
        LatencyStats publishLatency,
        LatencyStats publishDelayLatency,
        LatencyStats endToEndLatency,
        LatencyStats publishLatencyFromIntended,
        LatencyStats endToEndLatencyFromIntended) {

    public static MetricLatencies of(Function<Metric, LatencyStats> stats) {
        return new MetricLatencies(stats.apply(Metric.PUBLISH_LATENCY), stats.apply(Metric.PUBLISH_DELAY),
                stats.apply(Metric.END_TO_END), stats.apply(Metric.PUBLISH_LATENCY_FROM_INTENDED),
                stats.apply(Metric.END_TO_END_FROM_INTENDED));
    }

    /** One metric's statistics; null when the file lacks them. */
    public LatencyStats get(Metric metric) {
        return switch (metric) {
            case PUBLISH_LATENCY -> publishLatency;
            case PUBLISH_DELAY -> publishDelayLatency;
            case END_TO_END -> endToEndLatency;
            case PUBLISH_LATENCY_FROM_INTENDED -> publishLatencyFromIntended;
            case END_TO_END_FROM_INTENDED -> endToEndLatencyFromIntended;
        };
    }
}
