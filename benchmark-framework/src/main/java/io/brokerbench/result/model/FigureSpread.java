package io.brokerbench.result.model;

import java.util.List;

/**
 * One figure over repeated runs: its unit, the mean, sample standard deviation and 95 % confidence
 * interval of the mean, its coefficient of variation, the extremes and every run's value. With one
 * run there is no deviation and no interval (null).
 */
public record FigureSpread(String unit, Double mean, Double standardDeviation, Double ci95Low, Double ci95High,
        Double coefficientOfVariation, Double min, Double max, List<Double> values) {

    /** Half the 95 % confidence interval of the mean; NaN without one (fewer than two runs). */
    public double halfWidth() {
        return ci95High == null || mean == null ? Double.NaN : ci95High - mean;
    }
}
