package io.brokerbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.result.SweepResult;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A rate sweep on the console: what 100 % stood for (a sweep of percentages), one line per step
 * (rates, latency percentiles in ms, verdict; a repeated step's means, and a line with their
 * confidence intervals), then the knee.
 */
public final class SweepConsole {

    private final PrintStream out;

    public SweepConsole(PrintStream out) {
        this.out = out;
    }

    public void print(JsonNode sweep) {
        out.println();
        out.println(String.format("%s on %s: rate sweep, %d step(s)", sweep.path("workload").asText(),
                sweep.path("driver").asText(), sweep.path("steps").size()));
        if (sweep.path("maximum").isObject()) {
            out.println("  100 % = " + maximum(sweep.path("maximum")));
        }
        out.println(String.format("  %4s %12s %12s %12s | %9s %9s %9s | %9s %9s | %s", "step", "target/s", "published/s",
                "consumed/s", "e2e p50", "e2e p99", "e2e p99.9", "pub p50", "pub p99", "delivery"));
        int index = 0;
        for (JsonNode step : sweep.path("steps")) {
            index++;
            JsonNode e2e = step.path("latency").path("endToEndLatency");
            JsonNode pub = step.path("latency").path("publishLatency");
            out.println(String.format("  %4d %,12.0f %,12.0f %,12.0f | %9.3f %9.3f %9.3f | %9.3f %9.3f | %s", index,
                    step.path("targetRate").asDouble(), step.path("publishRate").asDouble(), step.path("consumeRate").asDouble(),
                    e2e.path("50pct").asDouble(), e2e.path("99pct").asDouble(), e2e.path("999pct").asDouble(),
                    pub.path("50pct").asDouble(), pub.path("99pct").asDouble(),
                    SweepResult.stepVerdict(step)));
            JsonNode repeats = step.path("repeats");
            if (repeats.isObject()) {
                out.println(String.format(Locale.ROOT, "       mean of %d of %d run(s), 95 %% confidence half-width:"
                        + " published ±%s msg/s, e2e p99 ±%s ms", repeats.path("runsSummarised").asInt(),
                        repeats.path("runs").size(), number(halfWidth(repeats, "measured.publishRate")),
                        number(halfWidth(repeats, "aggregatedEndToEndLatency99pct"))));
            }
        }
        for (JsonNode objective : sweep.path("objectives")) {
            out.println(objective.path("firstBrokenStep").isNumber()
                    ? String.format(Locale.ROOT, "  objective %s: first broken at step %d, %,.0f msg/s published (%s %s)",
                            objective.path("objective").asText(), objective.path("firstBrokenStep").asInt() + 1,
                            objective.path("publishRate").asDouble(), number(objective.path("measured").asDouble()),
                            objective.path("unit").asText())
                    : String.format(Locale.ROOT, "  objective %s: met at every step", objective.path("objective").asText()));
        }
        JsonNode knee = sweep.path("knee");
        out.println(knee.path("step").isNumber()
                ? String.format("  knee: step %d, %,.0f msg/s published, end-to-end p99 %.3f ms (%s)", knee.path("step").asInt() + 1,
                        knee.path("publishRate").asDouble(), knee.path("endToEndLatency99pct").asDouble(), knee.path("rule").asText())
                : "  knee: none (" + knee.path("rule").asText() + ")");
    }

    /**
     * Half the 95 % confidence interval of a repeated step's mean of {@code metric} (a result field path,
     * in its result unit); NaN with fewer than two complete runs.
     */
    public static double halfWidth(JsonNode repeats, String metric) {
        JsonNode spread = repeats.path("metrics").path(metric);
        return spread.path("ci95High").isNumber() ? spread.path("ci95High").asDouble() - spread.path("mean").asDouble()
                : Double.NaN;
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%.3f", value);
    }

    /** What a sweep of percentages took as 100 %, and where it came from: given, or found by a search (with its bounds). */
    public static String maximum(JsonNode maximum) {
        String rate = String.format(Locale.ROOT, "%,.0f msg/s", maximum.path("rate").asDouble());
        if (!maximum.path("discovered").asBoolean()) {
            return rate + ", given as maxRate";
        }
        String bound = maximum.path("upperBound").isNumber()
                ? String.format(Locale.ROOT, "fails at %,.0f msg/s, ±%.1f %%", maximum.path("upperBound").asDouble(),
                        100 * maximum.path("relativeUncertainty").asDouble())
                : "no tried rate failed";
        return String.format(Locale.ROOT, "%s, discovered by a max-rate search (%s%s; %s)", rate, bound,
                maximum.path("converged").asBoolean() ? "" : ", NOT converged", maximum.path("file").asText());
    }
}
