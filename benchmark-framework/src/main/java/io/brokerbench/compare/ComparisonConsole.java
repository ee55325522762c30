package io.brokerbench.compare;

import java.io.PrintStream;
import java.util.Locale;

/** A comparison on the console: both sides, then one line per figure with the difference, its interval and the verdict. */
public final class ComparisonConsole {

    private final PrintStream out;

    public ComparisonConsole(PrintStream out) {
        this.out = out;
    }

    public void print(Comparison comparison) {
        side("baseline", comparison.baseline());
        side("candidate", comparison.candidate());
        out.println(String.format(Locale.ROOT, "%-42s %14s %14s %9s  %-24s %s", "figure", "baseline", "candidate",
                "change", "95 % interval", "verdict"));
        for (ComparedFigure figure : comparison.figures()) {
            DifferenceInterval d = figure.difference();
            String interval = d.hasInterval()
                    ? String.format(Locale.ROOT, "[%+.1f %%, %+.1f %%]", 100 * d.low(), 100 * d.high()) : "–";
            out.println(String.format(Locale.ROOT, "%-42s %14s %14s %+8.1f%%  %-24s %s", figure.figure() + " (" + figure.unit() + ")",
                    number(figure.baseline()), number(figure.candidate()), 100 * d.relative(), interval, figure.verdict()));
        }
        comparison.notes().forEach(note -> out.println("note: " + note));
        out.println("intervals: rates and CPU by Welch's t over runs; latency percentiles from merged histograms,"
                + " bootstrap over runs");
    }

    private void side(String name, ComparedSide side) {
        out.println(String.format(Locale.ROOT, "%-9s %s on %s: %d run(s) from %s", name, side.first().workload(),
                side.first().driver(), side.runs().size(), side.source()));
    }

    private static String number(double value) {
        return Math.abs(value) >= 1000 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
