package io.brokerbench.report.html;

import io.brokerbench.compare.ComparedFigure;
import io.brokerbench.compare.ComparedSide;
import io.brokerbench.compare.ComparedStep;
import io.brokerbench.compare.Comparison;
import io.brokerbench.compare.DifferenceInterval;
import io.brokerbench.report.html.LineChart.Point;
import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.stats.Metric;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The page of {@code bin/compare}: per figure both sides' values with each run's value as a dot
 * (the spread the verdict was judged against), the difference with its 95 % interval drawn about
 * zero, and the verdict; then each latency's percentile curves of both sides overlaid, from the
 * runs' histograms merged, the distributions the percentiles were compared from.
 */
public final class ComparisonReport {

    private static final double STRIP_WIDTH = 240;
    private static final double STRIP_HEIGHT = 26;
    private static final double PAD = 6;
    /** Points per half of the remaining distribution, as the result's own quantile curves have them. */
    private static final int QUANTILE_TICKS = 5;
    private static final String BASELINE = Palette.run(0);
    private static final String CANDIDATE = Palette.run(1);

    private ComparisonReport() {
    }

    /** Writes the page of the comparisons (one, or a sweep's steps) to {@code target} atomically. */
    public static void write(List<ComparedStep> steps, Path target) throws IOException {
        ResultWriter.writeAtomically(target, render(steps, Instant.now()).getBytes(StandardCharsets.UTF_8));
    }

    static String render(List<ComparedStep> steps, Instant generated) {
        StringBuilder out = new StringBuilder(32 * 1024);
        Comparison first = steps.get(0).comparison();
        String title = first.baseline().first().driver() + " · " + first.baseline().first().workload();
        Html.pageStart(out, title + " – comparison", "brokerbench comparison: " + title);
        out.append("generated ").append(HtmlReport.when(generated)).append("</div><nav>");
        side(out, "baseline", first.baseline(), BASELINE);
        side(out, "candidate", first.candidate(), CANDIDATE);
        out.append("</nav></header>\n<main>\n");
        for (int i = 0; i < steps.size(); i++) {
            section(out, steps.get(i), i + 1);
        }
        out.append("</main>\n<footer>Intervals: rates, CPU and fault windows by Welch's t over runs; latency percentiles "
                + "from each side's runs' histograms merged (never averaged over runs), bootstrap over runs. A change whose "
                + "interval includes zero is no difference measurable with these runs. Latencies: publish = send to "
                + "acknowledgement; end-to-end = send to receipt; “from intended send time” counts from when the rate "
                + "schedule meant the message to go.</footer>\n");
        out.append("</body></html>\n");
        return out.toString();
    }

    /** One comparison: its figures' table, then its latency curves; a sweep's step is headed by the step. */
    private static void section(StringBuilder out, ComparedStep step, int number) {
        Comparison comparison = step.comparison();
        out.append("<section class=\"comparison\" id=\"step-").append(number).append("\">\n<h2>")
                .append(step.step() == null ? "Figures" : "Step " + number + ": " + Html.escape(step.step())).append("</h2>\n")
                .append("<table class=\"grid-table compare\"><tr><th>figure</th><th>unit</th><th>baseline</th>")
                .append("<th>candidate</th><th>runs (dots) and each side's value (bar)</th><th>change</th>")
                .append("<th>95 % interval of the change (about zero)</th><th>verdict</th></tr>\n");
        for (ComparedFigure figure : comparison.figures()) {
            out.append(row(figure));
        }
        out.append("</table>\n");
        for (String note : comparison.notes()) {
            out.append("<p class=\"sub\">").append(Html.escape("note: " + note)).append("</p>\n");
        }
        List<LineChart> curves = new ArrayList<>();
        for (Metric metric : Comparison.LATENCIES) {
            LineChart chart = distribution(comparison, metric);
            if (chart != null) {
                curves.add(chart);
            }
        }
        if (!curves.isEmpty()) {
            out.append("<h3>Latency distributions</h3>\n<div class=\"charts\">\n");
            curves.forEach(chart -> out.append(chart.html()));
            out.append("</div>\n");
        }
        out.append("</section>\n");
    }

    private static void side(StringBuilder out, String name, ComparedSide side, String colour) {
        out.append("<span><span class=\"swatch\" style=\"background:").append(colour).append("\"></span>")
                .append(Html.escape(String.format(Locale.ROOT, "%s: %s on %s, %d run(s) from %s", name, side.first().workload(),
                        side.first().driver(), side.runs().size(), side.source())))
                .append("</span>");
    }

    private static String row(ComparedFigure figure) {
        DifferenceInterval d = figure.difference();
        String verdictClass = switch (figure.verdict()) {
            case ComparedFigure.WORSE -> "bad-text";
            case ComparedFigure.BETTER -> "ok-text";
            default -> "sub";
        };
        return "<tr><td>" + Html.escape(figure.figure()) + "</td><td>" + Html.escape(figure.unit()) + "</td>"
                + Html.numberCell(Numbers.plain(figure.baseline())) + Html.numberCell(Numbers.plain(figure.candidate()))
                + "<td>" + runStrip(figure) + "</td>"
                + Html.numberCell(String.format(Locale.ROOT, "%+.1f %%", 100 * d.relative()))
                + "<td>" + intervalStrip(figure) + "</td>"
                + "<td><span class=\"" + verdictClass + "\">" + Html.escape(figure.verdict()) + "</span></td></tr>\n";
    }

    /** Both sides' runs on one scale: the baseline's dots above, the candidate's below, each side's value as a bar. */
    private static String runStrip(ComparedFigure figure) {
        double low = Math.min(figure.baseline(), figure.candidate());
        double high = Math.max(figure.baseline(), figure.candidate());
        for (List<Double> runs : List.of(figure.baselineRuns(), figure.candidateRuns())) {
            for (double value : runs) {
                low = Math.min(low, value);
                high = Math.max(high, value);
            }
        }
        DoubleUnaryOperator x = scale(low, high);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"runs\" width=\"%.0f\" height=\"%.0f\" role=\"img\" aria-label=\"runs of %s\">", STRIP_WIDTH,
                STRIP_HEIGHT, Html.escape(figure.figure())));
        sideDots(svg, "baseline", figure.baseline(), figure.baselineRuns(), BASELINE, 7, x);
        sideDots(svg, "candidate", figure.candidate(), figure.candidateRuns(), CANDIDATE, 19, x);
        return svg.append("</svg>").toString();
    }

    private static void sideDots(StringBuilder svg, String name, double value, List<Double> runs, String colour, double y,
            DoubleUnaryOperator x) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\">"
                + "<title>%s: %s</title></line>", x.applyAsDouble(value), x.applyAsDouble(value), y - 6, y + 6, colour, name,
                Numbers.plain(value)));
        for (double run : runs) {
            svg.append(String.format(Locale.ROOT, "<circle class=\"run\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\" "
                    + "fill-opacity=\"0.6\"><title>%s run: %s</title></circle>", x.applyAsDouble(run), y, colour, name,
                    Numbers.plain(run)));
        }
    }

    /** The change as a point and its interval as a bar, on a scale that always shows zero (a dashed line). */
    private static String intervalStrip(ComparedFigure figure) {
        DifferenceInterval d = figure.difference();
        double low = Math.min(0, d.relative());
        double high = Math.max(0, d.relative());
        if (d.hasInterval()) {
            low = Math.min(low, d.low());
            high = Math.max(high, d.high());
        }
        DoubleUnaryOperator x = scale(low, high);
        String colour = switch (figure.verdict()) {
            case ComparedFigure.WORSE -> "#b3261e";
            case ComparedFigure.BETTER -> "#1e7b34";
            default -> "#5f6368";
        };
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"change\" width=\"%.0f\" height=\"%.0f\" role=\"img\" aria-label=\"change of %s\">"
                        + "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"2\" y2=\"%.1f\" stroke=\"#9aa0a6\" stroke-dasharray=\"3 2\"><title>no change</title></line>",
                STRIP_WIDTH, STRIP_HEIGHT, Html.escape(figure.figure()), x.applyAsDouble(0), x.applyAsDouble(0), STRIP_HEIGHT - 2));
        if (d.hasInterval()) {
            svg.append(String.format(Locale.ROOT, "<rect class=\"interval\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"8\" "
                    + "fill=\"%s\" opacity=\"0.3\"><title>95 %% interval: %+.1f %% to %+.1f %%</title></rect>",
                    x.applyAsDouble(d.low()), STRIP_HEIGHT / 2 - 4, Math.max(1, x.applyAsDouble(d.high()) - x.applyAsDouble(d.low())),
                    colour, 100 * d.low(), 100 * d.high()));
        }
        svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>change: %+.1f %%</title>"
                + "</circle>", x.applyAsDouble(d.relative()), STRIP_HEIGHT / 2, colour, 100 * d.relative()));
        return svg.append("</svg>").toString();
    }

    private static DoubleUnaryOperator scale(double low, double high) {
        double span = high > low ? high - low : 1;
        return v -> PAD + (v - low) / span * (STRIP_WIDTH - 2 * PAD);
    }

    /** Both sides' merged percentile curves of {@code metric}; null when a side has no histograms or no values of it. */
    private static LineChart distribution(Comparison comparison, Metric metric) {
        Histogram a = comparison.baseline().merged(metric);
        Histogram b = comparison.candidate().merged(metric);
        if (a == null || b == null || a.getTotalCount() == 0 || b.getTotalCount() == 0) {
            return null;
        }
        List<Series> series = List.of(curve("baseline", a, BASELINE), curve("candidate", b, CANDIDATE));
        double highest = 99;
        for (Series s : series) {
            for (Point p : s.points()) {
                if (p.x() < 100) {
                    highest = Math.max(highest, p.x());
                }
            }
        }
        return new LineChart(metric.resultName() + " by percentile", NinesAxis.covering(highest),
                LogLatencyAxis.forSeries(series, "latency (log scale)"), series, List.of(),
                "each side's runs' histograms merged");
    }

    /** The percentile curve of a histogram in µs, as ms for the latency axis. */
    private static Series curve(String label, Histogram histogram, String colour) {
        List<Point> points = new ArrayList<>();
        for (HistogramIterationValue value : histogram.percentiles(QUANTILE_TICKS)) {
            points.add(new Point(value.getPercentileLevelIteratedTo(),
                    histogram.highestEquivalentValue(value.getValueIteratedTo()) / 1000.0, false));
        }
        return new Series(label, colour, false, points);
    }
}
