package io.brokerbench.compare;

/**
 * The candidate against the baseline, relative to the baseline: {@code (candidate − baseline) /
 * baseline}, as a point estimate and a 95 % confidence interval, and how the interval was found.
 * NaN bounds: no interval (a side with one run has no run-to-run spread).
 */
public record DifferenceInterval(double relative, double low, double high, String method) {

    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** Whether the interval lies wholly above zero (the candidate is higher) or below it. */
    public int sign() {
        if (!hasInterval()) {
            return 0;
        }
        if (low > 0) {
            return 1;
        }
        return high < 0 ? -1 : 0;
    }
}
