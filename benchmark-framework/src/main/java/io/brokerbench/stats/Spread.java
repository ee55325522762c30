package io.brokerbench.stats;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How one metric varied over repeated runs: mean, sample standard deviation and the 95 % confidence
 * interval of the mean (Student's t, since a handful of runs is the usual case).
 *
 * @param runs  how many values; with one value the deviation and the interval are NaN
 */
public record Spread(int runs, double mean, double standardDeviation, double ciLow, double ciHigh,
                     double min, double max) {

    private static final double CONFIDENCE = 0.95;

    public static Spread of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        double min = Arrays.stream(values).min().orElseThrow();
        double max = Arrays.stream(values).max().orElseThrow();
        if (values.length == 1) {
            return new Spread(1, mean, Double.NaN, Double.NaN, Double.NaN, min, max);
        }
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        double sd = Math.sqrt(squares / (values.length - 1));
        double t = TDistribution.of(values.length - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        double halfWidth = t * sd / Math.sqrt(values.length);
        return new Spread(values.length, mean, sd, mean - halfWidth, mean + halfWidth, min, max);
    }

    /** Standard deviation relative to the mean (NaN for one run or a zero mean). */
    public double coefficientOfVariation() {
        return mean == 0 ? Double.NaN : standardDeviation / mean;
    }
}
