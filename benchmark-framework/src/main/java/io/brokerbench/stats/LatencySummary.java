package io.brokerbench.stats;

import java.util.EnumMap;
import java.util.Map;

/** The {@link Percentile} values of every {@link Metric} for one interval, in microseconds. */
public record LatencySummary(Map<Metric, double[]> values, Map<Metric, Long> counts) {

    public static LatencySummary of(LatencyHistograms histograms) {
        Map<Metric, double[]> values = new EnumMap<>(Metric.class);
        Map<Metric, Long> counts = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            double[] row = new double[Percentile.values().length];
            for (Percentile percentile : Percentile.values()) {
                row[percentile.ordinal()] = percentile.of(histograms.get(metric));
            }
            values.put(metric, row);
            counts.put(metric, histograms.get(metric).getTotalCount());
        }
        return new LatencySummary(values, counts);
    }

    public double micros(Metric metric, Percentile percentile) {
        return values.get(metric)[percentile.ordinal()];
    }

    public long count(Metric metric) {
        return counts.get(metric);
    }
}
