package io.brokerbench.report.html;

import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.report.html.RunResult.Delivery;
import io.brokerbench.report.html.RunResult.Interval;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Several runs side by side: a table of headline numbers and overlays, one colour per run. */
final class ComparisonSection {

    private final List<RunResult> runs;
    private final List<String> labels;

    ComparisonSection(List<RunResult> runs, List<String> labels) {
        this.runs = runs;
        this.labels = labels;
    }

    String html() {
        StringBuilder out = new StringBuilder("<section class=\"comparison\" id=\"comparison\">\n<h2>Comparison</h2>\n");
        out.append(table());
        out.append("<h3>Measured phase over time</h3>\n<div class=\"charts\">\n");
        out.append(overTime("Publish rate", "messages / s", Interval::publishRate).html());
        out.append(overTime("Consume rate", "messages / s", Interval::consumeRate).html());
        out.append(latencyOverTime("End-to-end latency p99 per interval", Metric.END_TO_END).html());
        out.append(overTime("Backlog", "messages", Interval::backlog).html());
        out.append("</div>\n<h3>Latency distribution</h3>\n<div class=\"charts\">\n");
        out.append(distribution("End-to-end latency by percentile", Metric.END_TO_END).html());
        out.append(distribution("End-to-end latency from intended send time (no coordinated omission)",
                Metric.END_TO_END_FROM_INTENDED).html());
        out.append("</div>\n</section>\n");
        return out.toString();
    }

    private String table() {
        StringBuilder out = new StringBuilder("<table class=\"grid-table compare\"><tr><th>run</th><th>status</th>"
                + "<th>publish msg/s</th><th>consume msg/s</th><th>publish MB/s</th>"
                + "<th>e2e p50</th><th>e2e p99</th><th>e2e p99.9</th><th>e2e max</th><th>e2e p99 from intended</th>"
                + "<th>publish p99</th><th>delivery</th></tr>\n");
        for (int i = 0; i < runs.size(); i++) {
            RunResult run = runs.get(i);
            out.append("<tr><td><a href=\"#run-").append(i + 1).append("\"><span class=\"swatch\" style=\"background:")
                    .append(Palette.run(i)).append("\"></span>").append(Html.escape(labels.get(i))).append("</a></td>");
            out.append("<td>").append(switch (run.status()) {
                case COMPLETE -> "<span class=\"ok-text\">complete</span>";
                case INCOMPLETE -> "<span class=\"bad-text\">INCOMPLETE</span>";
                case NOT_RECORDED -> "–";
            }).append("</td>");
            numberCell(out, Numbers.count(run.publishRate()));
            numberCell(out, Numbers.count(run.consumeRate()));
            numberCell(out, Numbers.plain(run.publishMBps()));
            for (Percentile percentile : List.of(Percentile.P50, Percentile.P99, Percentile.P999, Percentile.MAX)) {
                numberCell(out, Numbers.latencyMillis(run.aggregated(Metric.END_TO_END, percentile)));
            }
            numberCell(out, Numbers.latencyMillis(run.aggregated(Metric.END_TO_END_FROM_INTENDED, Percentile.P99)));
            numberCell(out, Numbers.latencyMillis(run.aggregated(Metric.PUBLISH_LATENCY, Percentile.P99)));
            Delivery delivery = run.delivery();
            out.append("<td>").append(delivery == null ? "not verified" : delivery.clean() ? "<span class=\"ok-text\">exact</span>"
                    : "<span class=\"bad-text\">" + delivery.problems() + "</span>").append("</td></tr>\n");
        }
        return out.append("</table>\n").toString();
    }

    private static void numberCell(StringBuilder out, String text) {
        out.append("<td class=\"num\">").append(Html.escape(text)).append("</td>");
    }

    private Axis timeAxis(List<Series> series) {
        double max = series.stream().flatMap(s -> s.points().stream()).mapToDouble(LineChart.Point::x).max().orElse(1);
        boolean allTimed = runs.stream().allMatch(RunResult::timed);
        boolean noneTimed = runs.stream().noneMatch(RunResult::timed);
        String title = allTimed ? "time since the measurement started (s)"
                : noneTimed ? "reporting interval #" : "time since the measurement started (s); OMB results: reporting interval #";
        return LinearAxis.covering(0, max, title);
    }

    private LineChart overTime(String title, String yTitle, ToDoubleFunction<Interval> value) {
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            series.add(Curves.measuredOverTime(runs.get(i), labels.get(i), Palette.run(i), value));
        }
        return new LineChart(title, timeAxis(series), LineChart.yFromZero(series, yTitle), series, List.of(), null);
    }

    private LineChart latencyOverTime(String title, Metric metric) {
        double max = runs.stream().flatMap(r -> r.intervals().stream()).filter(Interval::measured)
                .mapToDouble(i -> i.latency(metric, Percentile.P99)).filter(Double::isFinite).max().orElse(1);
        LatencyUnit unit = LatencyUnit.forMaximumMillis(max);
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            series.add(Curves.measuredOverTime(runs.get(i), labels.get(i), Palette.run(i),
                    interval -> unit.fromMillis(interval.latency(metric, Percentile.P99))));
        }
        return new LineChart(title, timeAxis(series), LineChart.yFromZero(series, "latency (" + unit.symbol() + ")"), series,
                List.of(), null);
    }

    private LineChart distribution(String title, Metric metric) {
        List<Series> series = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Series curve = Curves.distribution(runs.get(i), metric, labels.get(i), Palette.run(i), false);
            if (Curves.hasPoints(curve)) {
                series.add(curve);
            } else {
                missing.add(labels.get(i));
            }
        }
        String note = missing.isEmpty() ? null : "Not in the result file of: " + String.join(", ", missing);
        return new LineChart(title, NinesAxis.covering(Curves.highestLevelBelowMax(runs, metric)),
                LogLatencyAxis.forSeries(series, "latency (log scale)"), series, List.of(), note);
    }
}
