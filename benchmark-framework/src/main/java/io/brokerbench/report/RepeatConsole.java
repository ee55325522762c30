package io.brokerbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.Locale;

/** A repeat summary on the console: one line per metric, mean ± half the 95 % interval, deviation, each run's value. */
public final class RepeatConsole {

    private final PrintStream out;

    public RepeatConsole(PrintStream out) {
        this.out = out;
    }

    public void print(JsonNode summary) {
        out.println();
        out.println(String.format("%s on %s: %d of %d run(s) summarised (mean ± 95 %% confidence half-width, sd)",
                summary.path("workload").asText(), summary.path("driver").asText(), summary.path("runsSummarised").asInt(),
                summary.path("runs").size()));
        summary.path("metrics").fields().forEachRemaining(entry -> {
            JsonNode m = entry.getValue();
            double mean = m.path("mean").asDouble();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-48s %14s", entry.getKey(), number(mean)));
            if (m.path("ci95High").isNumber()) {
                line.append(String.format(Locale.ROOT, " ± %-12s sd %-12s", number(m.path("ci95High").asDouble() - mean),
                        number(m.path("standardDeviation").asDouble())));
            }
            line.append(' ').append(m.path("unit").asText()).append("  runs:");
            m.path("values").forEach(v -> line.append(' ').append(number(v.asDouble())));
            out.println(line);
        });
    }

    private static String number(double value) {
        return Math.abs(value) >= 1000 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
