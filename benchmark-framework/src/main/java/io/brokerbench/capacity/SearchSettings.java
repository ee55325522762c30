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
 * @param growth          the factor by which the rate rises while no rate has failed yet: 2 from a
 *                        start far below the capacity, less from a start near it (a probe's throughput)
 * @param objectives      what a window must also meet to hold (latency, backlog, failed sends)
 */
public record SearchSettings(double initialRate, double resolution, double tolerance, int confirmWindows,
                             int maxWindows, double growth, SearchObjectives objectives) {

    /** Bounds within 2 %, 1 % tolerance, the final rate held 3 times, at most 40 windows, doubling, no objectives. */
    public static SearchSettings defaults(double initialRate) {
        return new SearchSettings(initialRate, 0.02, 0.01, 3, 40);
    }

    /**
     * {@link #defaults} starting from {@code probedRate}, the throughput a probe at full speed just
     * measured: the capacity is near it, so the rate rises by 10 % at a time rather than doubling.
     */
    public static SearchSettings fromProbe(double probedRate, SearchObjectives objectives) {
        return new SearchSettings(probedRate, 0.02, 0.01, 3, 40, 1.1, objectives);
    }

    /** Doubling and no objectives. */
    public SearchSettings(double initialRate, double resolution, double tolerance, int confirmWindows, int maxWindows) {
        this(initialRate, resolution, tolerance, confirmWindows, maxWindows, 2, SearchObjectives.NONE);
    }

    /** These settings with {@code objectives}. */
    public SearchSettings withObjectives(SearchObjectives objectives) {
        return new SearchSettings(initialRate, resolution, tolerance, confirmWindows, maxWindows, growth, objectives);
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
        if (!(growth > 1 + resolution)) {
            throw new IllegalArgumentException("growth must exceed 1 + resolution, not " + growth);
        }
        if (objectives == null) {
            throw new IllegalArgumentException("objectives must be given (SearchObjectives.NONE for none)");
        }
    }
}
