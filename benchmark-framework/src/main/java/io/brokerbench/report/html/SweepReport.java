package io.brokerbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.report.SweepConsole;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.SweepResult;
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
        JsonNode sweep = new ObjectMapper().readTree(sweepJson.toFile());
        Path target = HtmlReport.pathFor(sweepJson);
        ResultWriter.writeAtomically(target, render(sweep, Instant.now()).getBytes(StandardCharsets.UTF_8));
        return target;
    }

    static String render(JsonNode sweep, Instant generated) {
        String title = sweep.path("driver").asText() + " · " + sweep.path("workload").asText();
        StringBuilder out = new StringBuilder(32 * 1024);
        Html.pageStart(out, title + " – rate sweep", title + ": latency against throughput");
        out.append("generated ").append(HtmlReport.when(generated))
                .append(" · ").append(sweep.path("steps").size()).append(" step(s) · knee: ")
                .append(Html.escape(knee(sweep)));
        if (sweep.path("maximum").isObject()) {
            out.append("<br>100 % = ").append(Html.escape(SweepConsole.maximum(sweep.path("maximum"))));
        }
        out.append("</div></header>\n<main>\n");
        out.append(chart(sweep, "endToEndLatency", "End-to-end latency against achieved throughput"));
        out.append(chart(sweep, "publishLatency", "Publish latency against achieved throughput"));
        out.append(objectivesChart(sweep));
        out.append(table(sweep));
        out.append("</main>\n<footer>Knee rule: ").append(Html.escape(sweep.path("knee").path("rule").asText()))
                .append(". Each step is its own run (own topics, warm-up, measured phase); latencies are over its measured phase."
                        + " A step run several times (--repeat) shows the mean over its runs, ± half its 95 % confidence interval.")
                .append("</footer>\n</body></html>\n");
        return out.toString();
    }

    private static String knee(JsonNode sweep) {
        JsonNode knee = sweep.path("knee");
        if (!knee.path("step").isNumber()) {
            return "none (no step kept its rate and delivered cleanly)";
        }
        return "step " + (knee.path("step").asInt() + 1) + ", " + Numbers.count(knee.path("publishRate").asDouble()) + " msg/s";
    }

    private static String chart(JsonNode sweep, String metric, String title) {
        List<LineChart.Series> series = new ArrayList<>();
        for (Percentile percentile : DRAWN) {
            List<LineChart.Point> points = new ArrayList<>();
            for (JsonNode step : sweep.path("steps")) {
                points.add(new LineChart.Point(step.path("publishRate").asDouble(),
                        step.path("latency").path(metric).path(percentile.suffix()).asDouble(Double.NaN),
                        !step.path("deliveredCleanly").asBoolean()));
            }
            series.add(new LineChart.Series("p" + percentile.suffix().replace("pct", "").replace("999", "99.9"),
                    Palette.percentile(percentile), false, points));
        }
        double highest = 0;
        for (JsonNode step : sweep.path("steps")) {
            highest = Math.max(highest, step.path("publishRate").asDouble());
        }
        List<LineChart.Band> bands = new ArrayList<>();
        JsonNode knee = sweep.path("knee");
        if (knee.path("step").isNumber()) {
            double at = knee.path("publishRate").asDouble();
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
    private static String objectivesChart(JsonNode sweep) {
        List<LineChart.Series> series = new ArrayList<>();
        List<LineChart.Band> bands = new ArrayList<>();
        double highest = 0;
        for (JsonNode step : sweep.path("steps")) {
            highest = Math.max(highest, step.path("publishRate").asDouble());
        }
        List<String> others = new ArrayList<>();
        for (JsonNode objective : sweep.path("objectives")) {
            String label = objective.path("objective").asText();
            Percentile percentile = Percentile.ofSuffix(objective.path("percentile").asText());
            if (!objective.path("metric").isTextual() || percentile == null) {
                others.add(label + (objective.path("firstBrokenStep").isNumber()
                        ? ": first broken at step " + (objective.path("firstBrokenStep").asInt() + 1) : ": met at every step"));
                continue;
            }
            String name = label.substring(0, label.indexOf(" ≤"));
            String colour = Palette.percentile(percentile);
            List<LineChart.Point> points = new ArrayList<>();
            for (JsonNode step : sweep.path("steps")) {
                points.add(new LineChart.Point(step.path("publishRate").asDouble(),
                        step.path("latency").path(objective.path("metric").asText()).path(percentile.suffix()).asDouble(Double.NaN),
                        !step.path("deliveredCleanly").asBoolean()));
            }
            series.add(new LineChart.Series(name, colour, false, points));
            double limit = objective.path("limit").asDouble();
            series.add(new LineChart.Series("objective: " + label, colour, true,
                    List.of(new LineChart.Point(0, limit, false), new LineChart.Point(highest, limit, false))));
            if (objective.path("firstBrokenStep").isNumber()) {
                double at = objective.path("publishRate").asDouble();
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

    private static String table(JsonNode sweep) {
        StringBuilder out = Html.tablePanel("Steps", "step", "% of max", "target msg/s", "published msg/s", "consumed msg/s",
                "e2e p50", "e2e p99", "e2e p99.9", "publish p99", "delivery");
        int index = 0;
        for (JsonNode step : sweep.path("steps")) {
            index++;
            String file = step.path("file").asText();
            String page = file.endsWith(".json") ? file.substring(0, file.length() - 5) + ".html" : file;
            JsonNode e2e = step.path("latency").path("endToEndLatency");
            out.append(step.path("deliveredCleanly").asBoolean() ? "<tr>" : "<tr class=\"bad\">")
                    .append("<td><a href=\"").append(Html.escape(page)).append("\">").append(index).append("</a></td>")
                    .append(Html.numberCell(step.has("percentOfMax") ? Numbers.plain(step.path("percentOfMax").asDouble()) : "–"))
                    .append(Html.numberCell(Numbers.count(step.path("targetRate").asDouble())))
                    .append(Html.numberCell(Numbers.count(step.path("publishRate").asDouble())
                            + ciText(step, "measured.publishRate", Numbers::count)))
                    .append(Html.numberCell(Numbers.count(step.path("consumeRate").asDouble())))
                    .append(Html.numberCell(Numbers.latencyMillis(e2e.path("50pct").asDouble(Double.NaN))))
                    .append(Html.numberCell(Numbers.latencyMillis(e2e.path("99pct").asDouble(Double.NaN))
                            + ciText(step, "aggregatedEndToEndLatency99pct", Numbers::latencyMillis)))
                    .append(Html.numberCell(Numbers.latencyMillis(e2e.path("999pct").asDouble(Double.NaN))))
                    .append(Html.numberCell(Numbers.latencyMillis(step.path("latency").path("publishLatency").path("99pct").asDouble(Double.NaN))))
                    .append("<td>").append(SweepResult.stepVerdict(step)).append("</td></tr>");
        }
        return out.append("</table></section>\n").toString();
    }

    /** A repeated step's " ± half-width" of the 95 % confidence interval of its mean; empty for a step run once. */
    private static String ciText(JsonNode step, String metric, DoubleFunction<String> format) {
        JsonNode repeats = step.path("repeats");
        return repeats.isObject() ? " ± " + format.apply(SweepConsole.halfWidth(repeats, metric)) : "";
    }
}
