package io.brokerbench.report;

import io.brokerbench.result.ResultFigure;
import io.brokerbench.result.SweepResult;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.result.model.RepeatSpread;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.io.PrintStream;
import java.util.List;
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

    public void print(SweepDocument sweep) {
        out.println();
        out.println(String.format("%s on %s: rate sweep, %d step(s)", sweep.workload(), sweep.driver(), sweep.steps().size()));
        if (sweep.maximum() != null) {
            out.println("  100 % = " + maximum(sweep.maximum()));
        }
        out.println(String.format("  %4s %12s %12s %12s | %9s %9s %9s | %9s %9s | %s", "step", "target/s", "published/s",
                "consumed/s", "e2e p50", "e2e p99", "e2e p99.9", "pub p50", "pub p99", "delivery"));
        int index = 0;
        for (SweepDocument.Step step : sweep.steps()) {
            index++;
            LatencyStats e2e = latency(step, Metric.END_TO_END);
            LatencyStats pub = latency(step, Metric.PUBLISH_LATENCY);
            out.println(String.format("  %4d %,12.0f %,12.0f %,12.0f | %9.3f %9.3f %9.3f | %9.3f %9.3f | %s", index,
                    step.targetRate(), orZero(step.publishRate()), orZero(step.consumeRate()),
                    orZero(e2e.p50()), orZero(e2e.p99()), orZero(e2e.p999()), orZero(pub.p50()), orZero(pub.p99()),
                    SweepResult.stepVerdict(step)));
            RepeatSpread repeats = step.repeats();
            if (repeats != null) {
                out.println(String.format(Locale.ROOT, "       mean of %d of %d run(s), 95 %% confidence half-width:"
                        + " published ±%s msg/s, e2e p99 ±%s ms", repeats.runsSummarised(), repeats.runs().size(),
                        number(repeats.halfWidth(ResultFigure.PUBLISH_RATE.path())),
                        number(repeats.halfWidth(ResultFigure.aggregated(Metric.END_TO_END, Percentile.P99).path()))));
            }
        }
        for (SweepDocument.ObjectiveMark objective : sweep.objectives() == null ? List.<SweepDocument.ObjectiveMark>of()
                : sweep.objectives()) {
            out.println(objective.firstBrokenStep() != null
                    ? String.format(Locale.ROOT, "  objective %s: first broken at step %d, %,.0f msg/s published (%s %s)",
                            objective.objective(), objective.firstBrokenStep() + 1, orZero(objective.publishRate()),
                            number(orZero(objective.measured())), objective.unit())
                    : String.format(Locale.ROOT, "  objective %s: met at every step", objective.objective()));
        }
        SweepDocument.Knee knee = sweep.knee();
        out.println(knee.step() != null
                ? String.format("  knee: step %d, %,.0f msg/s published, end-to-end p99 %.3f ms (%s)", knee.step() + 1,
                        orZero(knee.publishRate()), orZero(knee.endToEndLatency99pct()), knee.rule())
                : "  knee: none (" + knee.rule() + ")");
    }

    /** A step's statistics of {@code metric}; all null where the file lacks them. */
    public static LatencyStats latency(SweepDocument.Step step, Metric metric) {
        LatencyStats stats = step.latency() == null ? null : step.latency().get(metric);
        return stats == null ? LatencyStats.of(percentile -> null) : stats;
    }

    /** A figure the file has as null where the console shows 0, as it always has. */
    private static double orZero(Number value) {
        return value == null ? 0 : value.doubleValue();
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%.3f", value);
    }

    /** What a sweep of percentages took as 100 %, and where it came from: given, or found by a search (with its bounds). */
    public static String maximum(SweepDocument.Maximum maximum) {
        String rate = String.format(Locale.ROOT, "%,.0f msg/s", maximum.rate());
        if (!maximum.discovered() || maximum.search() == null) {
            return rate + ", given as maxRate";
        }
        SweepDocument.Search search = maximum.search();
        String bound = search.upperBound() != null
                ? String.format(Locale.ROOT, "fails at %,.0f msg/s, ±%.1f %%", search.upperBound(),
                        100 * orZero(search.relativeUncertainty()))
                : "no tried rate failed";
        return String.format(Locale.ROOT, "%s, discovered by a max-rate search (%s%s; %s)", rate, bound,
                search.converged() ? "" : ", NOT converged", search.file());
    }
}
