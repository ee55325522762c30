package io.brokerbench.result;

/**
 * How the result file writes its decimal numbers: rates, seconds and cores to three decimals, times
 * in seconds to the microsecond; a value that could not be measured (nothing sent, no time passed, no
 * sample) is null rather than NaN, which JSON does not have.
 */
public final class ResultNumbers {

    private ResultNumbers() {
    }

    /** Three decimals. */
    public static double round3(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }

    /** Three decimals; null when not finite. */
    public static Double round3OrNull(double value) {
        return Double.isFinite(value) ? round3(value) : null;
    }

    /** Six decimals (seconds to the microsecond); null when not finite. */
    public static Double round6OrNull(double value) {
        return Double.isFinite(value) ? Math.round(value * 1e6) / 1e6 : null;
    }
}
