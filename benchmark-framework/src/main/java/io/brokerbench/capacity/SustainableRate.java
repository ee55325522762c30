package io.brokerbench.capacity;

/**
 * The outcome of a max-rate search.
 *
 * @param rate        the highest rate that held in every check, messages per second
 * @param upperBound  the lowest rate seen not to hold (the true limit lies between the two);
 *                    {@code Double.POSITIVE_INFINITY} when no tried rate failed
 * @param converged   whether the two bounds came within the search's resolution and the rate held
 *                    its confirmation windows; false when the search ran out of windows first
 * @param windows     how many windows the search measured
 */
public record SustainableRate(double rate, double upperBound, boolean converged, int windows) {

    /** Half the gap between the bounds, relative to the rate: the search's own uncertainty. */
    public double relativeUncertainty() {
        if (rate <= 0 || Double.isInfinite(upperBound)) {
            return Double.NaN;
        }
        return (upperBound - rate) / 2 / rate;
    }
}
