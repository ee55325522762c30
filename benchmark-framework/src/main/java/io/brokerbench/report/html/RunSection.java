package io.brokerbench.report.html;

import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.report.html.RunResult.Delivery;
import io.brokerbench.report.html.RunResult.Interval;
import io.brokerbench.report.html.RunResult.Status;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One run: its header with the headline numbers, a max-rate search's windows and the rate phases when
 * the run had them, charts over time, latency distributions and details.
 */
final class RunSection {

    private static final List<Percentile> OVER_TIME = List.of(Percentile.P50, Percentile.P99, Percentile.P999, Percentile.MAX);

    private final RunResult run;
    private final String colour;
    private final String anchor;

    RunSection(RunResult run, String colour, String anchor) {
        this.run = run;
        this.colour = colour;
        this.anchor = anchor;
    }

    String html() {
        StringBuilder out = new StringBuilder();
        out.append("<section class=\"run\" id=\"").append(anchor).append("\">\n");
        header(out);
        tiles(out);
        out.append(new RateSearchSection(run).html());
        out.append(new RatePhasesSection(run).html());
        out.append(new FaultsSection(run).html());
        out.append("<h3>Over time</h3>\n<div class=\"charts\">\n");
        out.append(throughputChart().html());
        out.append(latencyChart("End-to-end latency", Metric.END_TO_END).html());
        out.append(latencyChart("Publish latency", Metric.PUBLISH_LATENCY).html());
        out.append(backlogChart().html());
        out.append("</div>\n");
        out.append(new MetricCharts(run, timeAxis()).html());
        out.append("<h3>Latency distribution (whole measured phase)</h3>\n<div class=\"charts\">\n");
        out.append(distributionChart("End-to-end latency by percentile", Metric.END_TO_END, Metric.END_TO_END_FROM_INTENDED,
                "end-to-end", "end-to-end from intended send time").html());
        out.append(distributionChart("Publish latency by percentile", Metric.PUBLISH_LATENCY, Metric.PUBLISH_LATENCY_FROM_INTENDED,
                "publish", "publish from intended send time").html());
        out.append("</div>\n");
        out.append(new RunDetails(run).html());
        out.append("</section>\n");
        return out.toString();
    }

    private void header(StringBuilder out) {
        out.append("<div class=\"run-head\" style=\"border-left-color:").append(colour).append("\">");
        out.append("<h2>").append(Html.escape(run.workload())).append(" <span class=\"on\">on</span> ")
                .append(Html.escape(run.driver())).append(' ').append(statusBadge()).append("</h2>");
        if (run.status() == Status.INCOMPLETE) {
            String reason = run.incompleteReason();
            out.append("<div class=\"reason\">").append(Html.escape(reason == null ? "no reason recorded" : reason)).append("</div>");
        }
        out.append("<div class=\"meta\">");
        Instant begin = run.begin();
        Instant end = run.end();
        if (begin != null) {
            out.append(Html.escape(HtmlReport.when(begin)));
            if (end != null) {
                out.append(" · ").append(String.format(Locale.ROOT, "%.1f s", Duration.between(begin, end).toMillis() / 1000.0));
            }
            out.append(" · ");
        } else {
            out.append("OMB result (no run time or phases recorded) · ");
        }
        out.append(Html.escape(run.file().getFileName().toString())).append("</div></div>\n");
    }

    private String statusBadge() {
        Delivery delivery = run.delivery();
        return switch (run.status()) {
            case COMPLETE -> delivery != null && !delivery.clean()
                    ? "<span class=\"badge bad\">DELIVERY FAILED</span>" : "<span class=\"badge ok\">COMPLETE</span>";
            case INCOMPLETE -> "<span class=\"badge bad\">INCOMPLETE</span>";
            case NOT_RECORDED -> "<span class=\"badge unknown\">OMB RESULT</span>";
        };
    }

    private void tiles(StringBuilder out) {
        out.append("<div class=\"tiles\">");
        tile(out, "Publish rate", Numbers.count(run.publishRate()) + " <small>msg/s</small>",
                Numbers.plain(run.publishMBps()) + " MB/s", "");
        tile(out, "Consume rate", Numbers.count(run.consumeRate()) + " <small>msg/s</small>",
                Numbers.plain(run.consumeMBps()) + " MB/s", "");
        out.append("<div class=\"tile wide\"><div class=\"tile-title\">End-to-end latency</div><div class=\"quad\">");
        for (Percentile percentile : OVER_TIME) {
            out.append("<div><div class=\"big\">").append(latency(Metric.END_TO_END, percentile))
                    .append("</div><div class=\"sub\">").append(name(percentile)).append("</div></div>");
        }
        out.append("</div>");
        if (!Double.isNaN(run.aggregated(Metric.END_TO_END_FROM_INTENDED, Percentile.P99))) {
            List<String> parts = new ArrayList<>();
            for (Percentile percentile : OVER_TIME) {
                parts.add(name(percentile) + " " + latency(Metric.END_TO_END_FROM_INTENDED, percentile));
            }
            out.append("<div class=\"sub\">from intended send time: ").append(String.join(" · ", parts)).append("</div>");
        }
        out.append("</div>");
        double fromIntended = run.aggregated(Metric.PUBLISH_LATENCY_FROM_INTENDED, Percentile.P99);
        tile(out, "Publish latency p99", latency(Metric.PUBLISH_LATENCY, Percentile.P99),
                Double.isNaN(fromIntended) ? "" : "from intended send time: " + Html.escape(Numbers.latencyMillis(fromIntended)), "");
        deliveryTile(out);
        out.append("</div>\n");
    }

    private void deliveryTile(StringBuilder out) {
        Delivery delivery = run.delivery();
        if (delivery == null) {
            tile(out, "Delivery", "not verified", "OMB results carry no per-message verdict", "unknown");
        } else if (delivery.clean()) {
            tile(out, "Delivery", "&#10003; exact",
                    "0 lost · 0 duplicated · 0 reordered<br>" + Numbers.count(delivery.received()) + " received of "
                            + Numbers.count(delivery.sent()) + " sent", "ok");
        } else {
            tile(out, "Delivery", "&#10007; failed", delivery.problems(), "bad");
        }
    }

    /** {@code value} and {@code detail} are trusted markup built here from numbers. */
    private static void tile(StringBuilder out, String title, String value, String detail, String state) {
        out.append("<div class=\"tile ").append(state).append("\"><div class=\"tile-title\">").append(title)
                .append("</div><div class=\"big\">").append(value).append("</div><div class=\"sub\">").append(detail)
                .append("</div></div>");
    }

    private String latency(Metric metric, Percentile percentile) {
        return Html.escape(Numbers.latencyMillis(run.aggregated(metric, percentile)));
    }

    static String name(Percentile percentile) {
        return switch (percentile) {
            case AVG -> "mean";
            case MAX -> "max";
            case P999 -> "p99.9";
            case P9999 -> "p99.99";
            case P99999 -> "p99.999";
            default -> "p" + percentile.suffix().replace("pct", "");
        };
    }

    private Axis timeAxis() {
        double max = run.intervals().stream().mapToDouble(Interval::x).max().orElse(1);
        return LinearAxis.covering(0, max, run.timed() ? "time since the load started (s)" : "reporting interval #");
    }

    private LineChart throughputChart() {
        List<Series> series = new ArrayList<>();
        series.add(Curves.overTime(run, "publish", Palette.PUBLISH, false, Interval::publishRate));
        series.add(Curves.overTime(run, "consume", Palette.CONSUME, true, Interval::consumeRate));
        if (run.intervals().stream().anyMatch(i -> i.publishErrorRate() > 0)) {
            series.add(Curves.overTime(run, "publish errors", Palette.ERRORS, false, Interval::publishErrorRate));
        }
        return new LineChart("Throughput", timeAxis(), LineChart.yFromZero(series, "messages / s"), series,
                Curves.phaseBands(run), null);
    }

    private LineChart backlogChart() {
        List<Series> series = List.of(Curves.overTime(run, "backlog (published, not yet consumed)", Palette.BACKLOG, false,
                Interval::backlog));
        return new LineChart("Backlog", timeAxis(), LineChart.yFromZero(series, "messages"), series, Curves.phaseBands(run), null);
    }

    private LineChart latencyChart(String title, Metric metric) {
        double max = run.intervals().stream().mapToDouble(i -> i.latency(metric, Percentile.MAX))
                .filter(Double::isFinite).max().orElse(1);
        LatencyUnit unit = LatencyUnit.forMaximumMillis(max);
        List<Series> series = new ArrayList<>();
        for (Percentile percentile : OVER_TIME) {
            series.add(Curves.overTime(run, name(percentile), Palette.percentile(percentile), percentile == Percentile.MAX,
                    i -> unit.fromMillis(i.latency(metric, percentile))));
        }
        return new LineChart(title + " per interval", timeAxis(), LineChart.yFromZero(series, "latency (" + unit.symbol() + ")"),
                series, Curves.phaseBands(run), null);
    }

    private LineChart distributionChart(String title, Metric measured, Metric fromIntended, String measuredLabel,
            String fromIntendedLabel) {
        List<RunResult> runs = List.of(run);
        List<Series> series = new ArrayList<>();
        series.add(Curves.distribution(run, measured, measuredLabel, Palette.MEASURED, false));
        Series co = Curves.distribution(run, fromIntended, fromIntendedLabel + " (no coordinated omission)",
                Palette.FROM_INTENDED, false);
        String note = null;
        if (Curves.hasPoints(co)) {
            series.add(co);
        } else {
            note = "No latency from the intended send time in this file (OMB results do not record it).";
        }
        Axis x = NinesAxis.covering(Curves.highestLevelBelowMax(runs, measured, fromIntended));
        return new LineChart(title, x, LogLatencyAxis.forSeries(series, "latency (log scale)"), series, List.of(), note);
    }
}
