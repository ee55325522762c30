package io.brokerbench.compare;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The difference of two means over independent runs, Welch's t interval (no assumption that both
 * sides spread alike), divided by the baseline's mean. Sound for figures that are one number per
 * run and vary roughly normally from run to run: rates, CPU per message. The division treats the
 * baseline's mean as exact, which narrows the relative interval a little when the baseline spreads.
 */
final class WelchDifference {

    private static final double CONFIDENCE = 0.95;

    private WelchDifference() {
    }

    static DifferenceInterval of(double[] baseline, double[] candidate) {
        double meanA = mean(baseline);
        double meanB = mean(candidate);
        double relative = (meanB - meanA) / meanA;
        if (baseline.length < 2 || candidate.length < 2) {
            return new DifferenceInterval(relative, Double.NaN, Double.NaN, "one run on a side: no interval");
        }
        double varA = variance(baseline, meanA) / baseline.length;
        double varB = variance(candidate, meanB) / candidate.length;
        double standardError = Math.sqrt(varA + varB);
        if (standardError == 0) {
            return new DifferenceInterval(relative, relative, relative, "Welch's t (no spread on either side)");
        }
        // Welch–Satterthwaite degrees of freedom
        double df = (varA + varB) * (varA + varB)
                / (varA * varA / (baseline.length - 1) + varB * varB / (candidate.length - 1));
        double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        double difference = meanB - meanA;
        return new DifferenceInterval(relative, (difference - t * standardError) / meanA,
                (difference + t * standardError) / meanA, "Welch's t over runs");
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double variance(double[] values, double mean) {
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return squares / (values.length - 1);
    }
}
