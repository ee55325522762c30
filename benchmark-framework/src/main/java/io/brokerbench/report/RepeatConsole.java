package io.brokerbench.report;

import io.brokerbench.result.model.RepeatSpread;
import io.brokerbench.result.model.RepeatSummaryDocument;
import java.io.PrintStream;
import java.util.Locale;

/** A repeat summary on the console: one line per metric, mean ± half the 95 % interval, deviation, each run's value. */
public final class RepeatConsole {

    private final PrintStream out;

    public RepeatConsole(PrintStream out) {
        this.out = out;
    }

    public void print(RepeatSummaryDocument summary) {
        RepeatSpread spread = summary.spread();
        out.println();
        out.println(String.format("%s on %s: %d of %d run(s) summarised (mean ± 95 %% confidence half-width, sd)",
                summary.workload(), summary.driver(), spread.runsSummarised(), spread.runs().size()));
        spread.metrics().forEach((name, m) -> {
            double mean = m.mean() == null ? 0 : m.mean();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-48s %14s", name, number(mean)));
            if (m.ci95High() != null) {
                line.append(String.format(Locale.ROOT, " ± %-12s sd %-12s", number(m.ci95High() - mean),
                        number(m.standardDeviation() == null ? 0 : m.standardDeviation())));
            }
            line.append(' ').append(m.unit()).append("  runs:");
            m.values().forEach(v -> line.append(' ').append(number(v)));
            out.println(line);
        });
    }

    private static String number(double value) {
        return Math.abs(value) >= 1000 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
