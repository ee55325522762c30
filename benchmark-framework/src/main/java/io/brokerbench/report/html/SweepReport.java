package io.brokerbench.report.html;

import io.brokerbench.report.SweepConsole;
import io.brokerbench.result.ResultFigure;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.SweepResult;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The page of a rate sweep: latency percentiles (p50, p99, p99.9 of end-to-end and of publish
 * latency) against the throughput each step achieved, the knee marked, and a table of the steps
 * with links to their own pages. With objectives, a chart of each latency objective's percentile
 * against throughput, the objective drawn as a dashed line and the step where it is first broken marked.
 */
public final class SweepReport {

    private static final List<Percentile> DRAWN = List.of(Percentile.P50, Percentile.P99, Percentile.P999);

    private SweepReport() {
    }

    /** Writes {@code <name>.html} beside the sweep result {@code <name>.json} and returns its path. */
    public static Path writeFor(Path sweepJson) throws IOException {
        SweepDocument sweep = ResultReader.readDocument(sweepJson, SweepDocument.class);
        Path target = HtmlReport.pathFor(sweepJson);
        ResultWriter.writeAtomically(target, render(sweep, Instant.now()).getBytes(StandardCharsets.UTF_8));
        return target;
    }

    static String render(SweepDocument sweep, Instant generated) {
        String title = sweep.driver() + " · " + sweep.workload();
        StringBuilder out = new StringBuilder(32 * 1024);
        Html.pageStart(out, title + " – rate sweep", title + ": latency against throughput");
        out.append("generated ").append(HtmlReport.when(generated))
                .append(" · ").append(sweep.steps().size()).append(" step(s) · knee: ")
                .append(Html.escape(knee(sweep)));
        if (sweep.maximum() != null) {
            out.append("<br>100 % = ").append(Html.escape(SweepConsole.maximum(sweep.maximum())));
        }
        out.append("</div></header>\n<main>\n");
        out.append(chart(sweep, Metric.END_TO_END, "End-to-end latency against achieved throughput"));
        out.append(chart(sweep, Metric.PUBLISH_LATENCY, "Publish latency against achieved throughput"));
        out.append(objectivesChart(sweep));
        out.append(table(sweep));
        out.append("</main>\n<footer>Knee rule: ").append(Html.escape(sweep.knee().rule()))
                .append(". Each step is its own run (own topics, warm-up, measured phase); latencies are over its measured phase."
                        + " A step run several times (--repeat) shows the mean over its runs, ± half its 95 % confidence interval.")
                .append("</footer>\n</body></html>\n");
        return out.toString();
    }

    private static String knee(SweepDocument sweep) {
        SweepDocument.Knee knee = sweep.knee();
        if (knee.step() == null) {
            return "none (no step kept its rate and delivered cleanly)";
        }
        return "step " + (knee.step() + 1) + ", " + Numbers.count(orZero(knee.publishRate())) + " msg/s";
    }

    /** A figure the file has as null: 0 on a rate axis, as the page always drew it. */
    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }

    private static double highestRate(SweepDocument sweep) {
        double highest = 0;
        for (SweepDocument.Step step : sweep.steps()) {
            highest = Math.max(highest, orZero(step.publishRate()));
        }
        return highest;
    }

    /** Each step's {@code percentile} of {@code metric} against the rate it achieved; faint where not delivered cleanly. */
    private static List<LineChart.Point> curve(SweepDocument sweep, Metric metric, Percentile percentile) {
        List<LineChart.Point> points = new ArrayList<>();
        for (SweepDocument.Step step : sweep.steps()) {
            points.add(new LineChart.Point(orZero(step.publishRate()), SweepConsole.latency(step, metric).get(percentile),
                    !step.deliveredCleanly()));
        }
        return points;
    }

    private static String chart(SweepDocument sweep, Metric metric, String title) {
        List<LineChart.Series> series = new ArrayList<>();
        for (Percentile percentile : DRAWN) {
            series.add(new LineChart.Series("p" + percentile.suffix().replace("pct", "").replace("999", "99.9"),
                    Palette.percentile(percentile), false, curve(sweep, metric, percentile)));
        }
        double highest = highestRate(sweep);
        List<LineChart.Band> bands = new ArrayList<>();
        SweepDocument.Knee knee = sweep.knee();
        if (knee.step() != null) {
            double at = orZero(knee.publishRate());
            bands.add(new LineChart.Band(at, at + highest / 200, "knee"));
        }
        return new LineChart(title, LinearAxis.covering(0, highest, "achieved publish rate (msg/s)"),
                LogLatencyAxis.forSeries(series, "latency"), series, bands,
                "faint: steps that did not deliver cleanly").html();
    }

    /**
     * The latency objectives' percentiles (from the intended send time, as the objectives are judged)
     * against achieved throughput, each objective a dashed line at its limit and a band where the
     * curve first broke it; empty without latency objectives.
     */
    private static String objectivesChart(SweepDocument sweep) {
        List<LineChart.Series> series = new ArrayList<>();
        List<LineChart.Band> bands = new ArrayList<>();
        double highest = highestRate(sweep);
        List<String> others = new ArrayList<>();
        for (SweepDocument.ObjectiveMark objective : sweep.objectives() == null ? List.<SweepDocument.ObjectiveMark>of()
                : sweep.objectives()) {
            String label = objective.objective();
            Percentile percentile = objective.percentile() == null ? null : Percentile.ofSuffix(objective.percentile());
            Metric metric = objective.metric() == null ? null : Metric.ofResultName(objective.metric());
            if (metric == null || percentile == null) {
                others.add(label + (objective.firstBrokenStep() != null
                        ? ": first broken at step " + (objective.firstBrokenStep() + 1) : ": met at every step"));
                continue;
            }
            String name = label.substring(0, label.indexOf(" ≤"));
            String colour = Palette.percentile(percentile);
            series.add(new LineChart.Series(name, colour, false, curve(sweep, metric, percentile)));
            double limit = objective.limit();
            series.add(new LineChart.Series("objective: " + label, colour, true,
                    List.of(new LineChart.Point(0, limit, false), new LineChart.Point(highest, limit, false))));
            if (objective.firstBrokenStep() != null) {
                double at = orZero(objective.publishRate());
                bands.add(new LineChart.Band(at, at + highest / 200, name + " broken"));
            }
        }
        if (series.isEmpty()) {
            return others.isEmpty() ? "" : "<div class=\"meta\">Objectives: " + Html.escape(String.join("; ", others)) + "</div>\n";
        }
        String note = "dashed: the objectives; faint: steps that did not deliver cleanly"
                + (others.isEmpty() ? "" : "; also: " + String.join("; ", others));
        return new LineChart("Objectives: latency from the intended send time against achieved throughput",
                LinearAxis.covering(0, highest, "achieved publish rate (msg/s)"), LogLatencyAxis.forSeries(series, "latency"),
                series, bands, note).html();
    }

    private static String table(SweepDocument sweep) {
        StringBuilder out = Html.tablePanel("Steps", "step", "% of max", "target msg/s", "published msg/s", "consumed msg/s",
                "e2e p50", "e2e p99", "e2e p99.9", "publish p99", "delivery");
        int index = 0;
        for (SweepDocument.Step step : sweep.steps()) {
            index++;
            String file = step.file();
            String page = file.endsWith(".json") ? file.substring(0, file.length() - 5) + ".html" : file;
            LatencyStats e2e = SweepConsole.latency(step, Metric.END_TO_END);
            out.append(step.deliveredCleanly() ? "<tr>" : "<tr class=\"bad\">")
                    .append("<td><a href=\"").append(Html.escape(page)).append("\">").append(index).append("</a></td>")
                    .append(Html.numberCell(step.percentOfMax() != null ? Numbers.plain(step.percentOfMax()) : "–"))
                    .append(Html.numberCell(Numbers.count(step.targetRate())))
                    .append(Html.numberCell(Numbers.count(orZero(step.publishRate()))
                            + ciText(step, ResultFigure.PUBLISH_RATE, Numbers::count)))
                    .append(Html.numberCell(Numbers.count(orZero(step.consumeRate()))))
                    .append(Html.numberCell(Numbers.latencyMillis(e2e.get(Percentile.P50))))
                    .append(Html.numberCell(Numbers.latencyMillis(e2e.get(Percentile.P99))
                            + ciText(step, ResultFigure.aggregated(Metric.END_TO_END, Percentile.P99), Numbers::latencyMillis)))
                    .append(Html.numberCell(Numbers.latencyMillis(e2e.get(Percentile.P999))))
                    .append(Html.numberCell(Numbers.latencyMillis(
                            SweepConsole.latency(step, Metric.PUBLISH_LATENCY).get(Percentile.P99))))
                    .append("<td>").append(SweepResult.stepVerdict(step)).append("</td></tr>");
        }
        return out.append("</table></section>\n").toString();
    }

    /** A repeated step's " ± half-width" of the 95 % confidence interval of its mean; empty for a step run once. */
    private static String ciText(SweepDocument.Step step, ResultFigure figure, DoubleFunction<String> format) {
        return step.repeats() == null ? "" : " ± " + format.apply(step.repeats().halfWidth(figure.path()));
    }
}
