package io.brokerbench.report.html;

/** The unit an axis or a figure shows latencies in, chosen so numbers have few leading zeros. */
enum LatencyUnit {
    MICROSECONDS("µs", 1000.0),
    MILLISECONDS("ms", 1.0),
    SECONDS("s", 0.001);

    private final String symbol;
    private final double perMillisecond;

    LatencyUnit(String symbol, double perMillisecond) {
        this.symbol = symbol;
        this.perMillisecond = perMillisecond;
    }

    static LatencyUnit forMaximumMillis(double millis) {
        if (millis < 1) {
            return MICROSECONDS;
        }
        return millis < 10_000 ? MILLISECONDS : SECONDS;
    }

    String symbol() {
        return symbol;
    }

    double fromMillis(double millis) {
        return millis * perMillisecond;
    }
}
