package io.brokerbench.capacity;

import java.util.Locale;

/**
 * The outcome of a max-rate search.
 *
 * @param rate        the highest rate that held in every check, messages per second
 * @param upperBound  the lowest rate seen not to hold (the true limit lies between the two);
 *                    {@code Double.POSITIVE_INFINITY} when no tried rate failed
 * @param converged   whether the two bounds came within the search's resolution and the rate held
 *                    its confirmation windows; false when the search ran out of windows first
 * @param windows     how many windows the search measured
 * @param boundBy     what failed at the upper bound, e.g. "end-to-end p99 21.4 ms > 20 ms" or
 *                    "published 412,000 msg/s (1.9 % short)"; null when no tried rate failed
 */
public record SustainableRate(double rate, double upperBound, boolean converged, int windows, String boundBy) {

    /** Half the gap between the bounds, relative to the rate: the search's own uncertainty. */
    public double relativeUncertainty() {
        if (rate <= 0 || Double.isInfinite(upperBound)) {
            return Double.NaN;
        }
        return (upperBound - rate) / 2 / rate;
    }

    /** One line: the rate, its bounds and whether the search converged, as the console and the report say it. */
    public String describe() {
        String bound = Double.isInfinite(upperBound) ? "no tried rate failed"
                : String.format(Locale.ROOT, "fails at %,.0f msg/s, ±%.1f %%", upperBound, 100 * relativeUncertainty());
        String why = boundBy == null ? "" : String.format(Locale.ROOT, "; bound by %s at %,.0f msg/s", boundBy, upperBound);
        return String.format(Locale.ROOT, "sustainable %,.0f msg/s (%s%s), %s after %d window(s)", rate, bound, why,
                converged ? "converged" : "NOT converged", windows);
    }
}
