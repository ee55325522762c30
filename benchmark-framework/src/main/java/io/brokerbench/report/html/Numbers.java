package io.brokerbench.report.html;

import java.util.Locale;

/** How the report writes numbers: few significant digits, thousands separators, latencies in a readable unit. */
final class Numbers {

    private Numbers() {
    }

    /** A rate or count: 12,345 or, below 100, with one decimal. */
    static String count(double value) {
        if (Double.isNaN(value)) {
            return "–";
        }
        if (Math.abs(value) >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    /** A plain value with three significant digits (at most), e.g. 0.0123, 1.23, 123, 12,345. */
    static String plain(double value) {
        if (Double.isNaN(value)) {
            return "–";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 100 || magnitude == 0) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(magnitude)));
        String text = String.format(Locale.ROOT, "%." + Math.min(decimals, 6) + "f", value);
        return text.contains(".") ? text.replaceAll("\\.?0+$", "") : text;
    }

    /** A latency given in milliseconds, written in µs, ms or s, whichever reads best. */
    static String latencyMillis(double millis) {
        if (Double.isNaN(millis)) {
            return "–";
        }
        LatencyUnit unit = LatencyUnit.forMaximumMillis(millis);
        return plain(unit.fromMillis(millis)) + " " + unit.symbol();
    }
}
