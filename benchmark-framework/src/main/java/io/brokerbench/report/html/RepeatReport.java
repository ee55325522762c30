package io.brokerbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.result.ResultWriter;
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
        JsonNode summary = new ObjectMapper().readTree(summaryJson.toFile());
        Path target = HtmlReport.pathFor(summaryJson);
        ResultWriter.writeAtomically(target, render(summary, Instant.now()).getBytes(StandardCharsets.UTF_8));
        return target;
    }

    static String render(JsonNode summary, Instant generated) {
        String title = summary.path("driver").asText() + " · " + summary.path("workload").asText();
        StringBuilder out = new StringBuilder(16 * 1024);
        Html.pageStart(out, title + " – repeated runs", title + ": repeated runs");
        out.append("generated ").append(HtmlReport.when(generated)).append(" · ")
                .append(summary.path("runsSummarised").asInt()).append(" of ").append(summary.path("runs").size())
                .append(" run(s) summarised · ").append(Html.escape(summary.path("confidence").asText()))
                .append("</div></header>\n<main>\n<section class=\"panel full\"><h4>Runs</h4><ul>");
        for (JsonNode run : summary.path("runs")) {
            String file = run.path("file").asText();
            String page = file.endsWith(".json") ? file.substring(0, file.length() - 5) + ".html" : file;
            out.append("<li><a href=\"").append(Html.escape(page)).append("\">").append(Html.escape(file)).append("</a>")
                    .append(run.path("complete").asBoolean() ? "" : " (incomplete: not summarised)")
                    .append(run.path("deliveredCleanly").asBoolean() ? ""
                            : run.path("sentDeliveredCleanly").asBoolean() ? " (rate not held: messages due never sent)"
                            : " (delivery not clean)").append("</li>");
        }
        out.append("</ul></section>\n<section class=\"panel full\"><h4>Spread per metric</h4>")
                .append("<table class=\"grid-table\"><tr><th>metric</th><th>unit</th><th>mean</th><th>95 % CI</th>")
                .append("<th>sd</th><th>runs: values (dots), mean and CI (bar)</th></tr>");
        summary.path("metrics").fields().forEachRemaining(entry -> out.append(row(entry.getKey(), entry.getValue())));
        out.append("</table></section>\n</main></body></html>\n");
        return out.toString();
    }

    private static String row(String name, JsonNode metric) {
        double mean = metric.path("mean").asDouble();
        boolean interval = metric.path("ci95Low").isNumber();
        return "<tr><td>" + Html.escape(name) + "</td><td>" + Html.escape(metric.path("unit").asText()) + "</td><td class=\"num\">"
                + Numbers.plain(mean) + "</td><td class=\"num\">"
                + (interval ? Numbers.plain(metric.path("ci95Low").asDouble()) + " – " + Numbers.plain(metric.path("ci95High").asDouble())
                        : "–")
                + "</td><td class=\"num\">" + (interval ? Numbers.plain(metric.path("standardDeviation").asDouble()) : "–")
                + "</td><td>" + strip(metric) + "</td></tr>\n";
    }

    /** Dots for the runs' values and a bar for the interval, on a scale from the lowest to the highest of them. */
    private static String strip(JsonNode metric) {
        double low = metric.path("min").asDouble();
        double high = metric.path("max").asDouble();
        if (metric.path("ci95Low").isNumber()) {
            low = Math.min(low, metric.path("ci95Low").asDouble());
            high = Math.max(high, metric.path("ci95High").asDouble());
        }
        double span = high > low ? high - low : 1;
        double lowest = low;
        DoubleUnaryOperator x = v -> PAD + (v - lowest) / span * (WIDTH - 2 * PAD);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg width=\"%.0f\" height=\"%.0f\" role=\"img\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ccc\"/>",
                WIDTH, HEIGHT, PAD, WIDTH - PAD, HEIGHT / 2, HEIGHT / 2));
        if (metric.path("ci95Low").isNumber()) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"6\" fill=\"#0072b2\" opacity=\"0.25\"/>",
                    x.applyAsDouble(metric.path("ci95Low").asDouble()), HEIGHT / 2 - 3,
                    Math.max(1, x.applyAsDouble(metric.path("ci95High").asDouble()) - x.applyAsDouble(metric.path("ci95Low").asDouble()))));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"2\" y2=\"%.1f\" stroke=\"#0072b2\"/>",
                x.applyAsDouble(metric.path("mean").asDouble()), x.applyAsDouble(metric.path("mean").asDouble()), HEIGHT - 2));
        for (JsonNode value : metric.path("values")) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#d55e00\"><title>%s</title></circle>",
                    x.applyAsDouble(value.asDouble()), HEIGHT / 2, Numbers.plain(value.asDouble())));
        }
        return svg.append("</svg>").toString();
    }
}
