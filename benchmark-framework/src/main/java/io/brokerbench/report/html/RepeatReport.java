package io.brokerbench.report.html;

import io.brokerbench.result.ResultReader;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.model.FigureSpread;
import io.brokerbench.result.model.RepeatSpread;
import io.brokerbench.result.model.RepeatSummaryDocument;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * The page of a repeat summary: per metric the mean with its 95 % confidence interval and each
 * run's value as a dot on one strip, so the spread is seen, not only stated. Links to the runs'
 * own pages.
 */
public final class RepeatReport {

    private static final double WIDTH = 260;
    private static final double HEIGHT = 18;
    private static final double PAD = 6;

    private RepeatReport() {
    }

    /** Writes {@code <name>.html} beside the summary {@code <name>.json} and returns its path. */
    public static Path writeFor(Path summaryJson) throws IOException {
        RepeatSummaryDocument summary = ResultReader.readDocument(summaryJson, RepeatSummaryDocument.class);
        Path target = HtmlReport.pathFor(summaryJson);
        ResultWriter.writeAtomically(target, render(summary, Instant.now()).getBytes(StandardCharsets.UTF_8));
        return target;
    }

    static String render(RepeatSummaryDocument summary, Instant generated) {
        RepeatSpread spread = summary.spread();
        String title = summary.driver() + " · " + summary.workload();
        StringBuilder out = new StringBuilder(16 * 1024);
        Html.pageStart(out, title + " – repeated runs", title + ": repeated runs");
        out.append("generated ").append(HtmlReport.when(generated)).append(" · ")
                .append(spread.runsSummarised()).append(" of ").append(spread.runs().size())
                .append(" run(s) summarised · ").append(Html.escape(spread.confidence()))
                .append("</div></header>\n<main>\n<section class=\"panel full\"><h4>Runs</h4><ul>");
        for (RepeatSpread.Run run : spread.runs()) {
            String file = run.file();
            String page = file.endsWith(".json") ? file.substring(0, file.length() - 5) + ".html" : file;
            out.append("<li><a href=\"").append(Html.escape(page)).append("\">").append(Html.escape(file)).append("</a>")
                    .append(run.complete() ? "" : " (incomplete: not summarised)")
                    .append(run.deliveredCleanly() ? ""
                            : run.sentDeliveredCleanly() ? " (rate not held: messages due never sent)"
                            : " (delivery not clean)").append("</li>");
        }
        out.append("</ul></section>\n<section class=\"panel full\"><h4>Spread per metric</h4>")
                .append("<table class=\"grid-table\"><tr><th>metric</th><th>unit</th><th>mean</th><th>95 % CI</th>")
                .append("<th>sd</th><th>runs: values (dots), mean and CI (bar)</th></tr>");
        spread.metrics().forEach((name, metric) -> out.append(row(name, metric)));
        out.append("</table></section>\n</main></body></html>\n");
        return out.toString();
    }

    private static String row(String name, FigureSpread metric) {
        double mean = orZero(metric.mean());
        boolean interval = metric.ci95Low() != null;
        return "<tr><td>" + Html.escape(name) + "</td><td>" + Html.escape(metric.unit()) + "</td><td class=\"num\">"
                + Numbers.plain(mean) + "</td><td class=\"num\">"
                + (interval ? Numbers.plain(metric.ci95Low()) + " – " + Numbers.plain(orZero(metric.ci95High())) : "–")
                + "</td><td class=\"num\">" + (interval ? Numbers.plain(orZero(metric.standardDeviation())) : "–")
                + "</td><td>" + strip(metric) + "</td></tr>\n";
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }

    /** Dots for the runs' values and a bar for the interval, on a scale from the lowest to the highest of them. */
    private static String strip(FigureSpread metric) {
        double low = orZero(metric.min());
        double high = orZero(metric.max());
        if (metric.ci95Low() != null) {
            low = Math.min(low, metric.ci95Low());
            high = Math.max(high, orZero(metric.ci95High()));
        }
        double span = high > low ? high - low : 1;
        double lowest = low;
        DoubleUnaryOperator x = v -> PAD + (v - lowest) / span * (WIDTH - 2 * PAD);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg width=\"%.0f\" height=\"%.0f\" role=\"img\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ccc\"/>",
                WIDTH, HEIGHT, PAD, WIDTH - PAD, HEIGHT / 2, HEIGHT / 2));
        if (metric.ci95Low() != null) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"6\" fill=\"#0072b2\" opacity=\"0.25\"/>",
                    x.applyAsDouble(metric.ci95Low()), HEIGHT / 2 - 3,
                    Math.max(1, x.applyAsDouble(orZero(metric.ci95High())) - x.applyAsDouble(metric.ci95Low()))));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"2\" y2=\"%.1f\" stroke=\"#0072b2\"/>",
                x.applyAsDouble(orZero(metric.mean())), x.applyAsDouble(orZero(metric.mean())), HEIGHT - 2));
        for (double value : metric.values()) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#d55e00\"><title>%s</title></circle>",
                    x.applyAsDouble(value), HEIGHT / 2, Numbers.plain(value)));
        }
        return svg.append("</svg>").toString();
    }
}
