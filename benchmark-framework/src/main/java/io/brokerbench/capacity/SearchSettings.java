package io.brokerbench.capacity;

/**
 * How a {@link MaxRateSearch} decides.
 *
 * @param initialRate     the first rate tried, messages per second
 * @param resolution      the search stops when the bounds are this close, relative to the lower one
 * @param tolerance       how far a window may fall short and still hold: the publish rate may be this
 *                        fraction under the target, and the backlog may grow by this fraction of the
 *                        messages the window published
 * @param confirmWindows  consecutive windows the final rate must hold before the search ends
 * @param maxWindows      the most windows the search measures before it reports what it has
 */
public record SearchSettings(double initialRate, double resolution, double tolerance, int confirmWindows,
                             int maxWindows) {

    /** Bounds within 2 %, 1 % tolerance, the final rate held 3 times, at most 40 windows. */
    public static SearchSettings defaults(double initialRate) {
        return new SearchSettings(initialRate, 0.02, 0.01, 3, 40);
    }

    public SearchSettings {
        if (!(initialRate > 0)) {
            throw new IllegalArgumentException("initial rate must be positive, not " + initialRate);
        }
        if (!(resolution > 0 && resolution < 1) || !(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("resolution and tolerance are fractions in (0, 1), not "
                    + resolution + " and " + tolerance);
        }
        if (confirmWindows < 1 || maxWindows < confirmWindows + 1) {
            throw new IllegalArgumentException("need confirmWindows >= 1 and maxWindows > confirmWindows, not "
                    + confirmWindows + " and " + maxWindows);
        }
    }
}
