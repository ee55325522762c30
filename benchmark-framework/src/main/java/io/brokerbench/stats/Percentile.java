package io.brokerbench.stats;

import org.HdrHistogram.Histogram;

/**
 * The statistics OMB's result files carry for every latency metric, with OMB's field suffixes. One
 * list drives the result writer, the console and the CSV, so no metric repeats the same seven
 * lines.
 */
public enum Percentile {
    AVG("Avg", -1),
    P50("50pct", 50),
    P75("75pct", 75),
    P95("95pct", 95),
    P99("99pct", 99),
    P999("999pct", 99.9),
    P9999("9999pct", 99.99),
    P99999("99999pct", 99.999),
    MAX("Max", 100);

    private final String suffix;
    private final double percentile;

    Percentile(String suffix, double percentile) {
        this.suffix = suffix;
        this.percentile = percentile;
    }

    public String suffix() {
        return suffix;
    }

    /** The statistic whose result-file suffix is {@code suffix} ("99pct"); null for none. */
    public static Percentile ofSuffix(String suffix) {
        for (Percentile percentile : values()) {
            if (percentile.suffix.equals(suffix)) {
                return percentile;
            }
        }
        return null;
    }

    /** The statistic of {@code histogram}, in its unit (microseconds); 0 for an empty histogram. */
    public double of(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return 0;
        }
        if (this == AVG) {
            return histogram.getMean();
        }
        if (this == MAX) {
            return histogram.getMaxValue();
        }
        return histogram.getValueAtPercentile(percentile);
    }
}
