package io.brokerbench.stats;

import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One histogram per {@link Metric}, in microseconds, 3 significant digits (1 µs resolution below
 * 1 ms), auto-resizing so an hour-long backlog latency is kept, not clipped. Merging adds counts
 * bucket by bucket, so percentiles of a merge are exact, never averages of percentiles.
 */
public final class LatencyHistograms {

    public static final int SIGNIFICANT_DIGITS = 3;

    private final EnumMap<Metric, Histogram> histograms = new EnumMap<>(Metric.class);

    public LatencyHistograms() {
        for (Metric metric : Metric.values()) {
            histograms.put(metric, newHistogram());
        }
    }

    public static Histogram newHistogram() {
        Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
        histogram.setAutoResize(true);
        return histogram;
    }

    public Histogram get(Metric metric) {
        return histograms.get(metric);
    }

    public void add(Metric metric, Histogram values) {
        histograms.get(metric).add(values);
    }

    public void add(LatencyHistograms other) {
        for (Map.Entry<Metric, Histogram> entry : other.histograms.entrySet()) {
            histograms.get(entry.getKey()).add(entry.getValue());
        }
    }

    public void reset() {
        histograms.values().forEach(Histogram::reset);
    }

    public LatencyHistograms copy() {
        LatencyHistograms copy = new LatencyHistograms();
        copy.add(this);
        return copy;
    }
}
