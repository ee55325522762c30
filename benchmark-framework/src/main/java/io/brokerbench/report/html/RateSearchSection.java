package io.brokerbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.capacity.SustainableRate;
import io.brokerbench.report.html.LineChart.Point;
import io.brokerbench.report.html.LineChart.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code producerRate: 0} run's max-rate search: the rate found with its bounds, the rate each window
 * tried against what it achieved (failed windows faint), and every window with the search's next move.
 */
final class RateSearchSection {

    private final JsonNode search;

    RateSearchSection(RunResult run) {
        this.search = run.node("rateSearch");
    }

    /** Empty when the run searched for no rate. */
    String html() {
        if (!search.isObject()) {
            return "";
        }
        JsonNode upper = search.path("upperBound");
        SustainableRate found = new SustainableRate(search.path("sustainableRate").asDouble(),
                upper.isNumber() ? upper.asDouble() : Double.POSITIVE_INFINITY, search.path("converged").asBoolean(),
                search.path("windows").asInt(), search.path("boundBy").isTextual() ? search.path("boundBy").asText() : null);
        StringBuilder out = new StringBuilder("<h3>Max-rate search</h3>\n<div class=\"meta\">")
                .append(Html.escape(found.describe()))
                .append(search.path("complete").asBoolean(true) ? ". The measured phase ran at the rate found."
                        : ". The run was stopped during the search: these are the windows measured until then.")
                .append("</div>\n");
        out.append("<div class=\"charts\">\n").append(chart()).append("</div>\n");
        out.append(table());
        return out.toString();
    }

    private String chart() {
        List<Point> target = new ArrayList<>();
        List<Point> published = new ArrayList<>();
        List<Point> consumed = new ArrayList<>();
        int window = 0;
        for (JsonNode step : search.path("steps")) {
            window++;
            boolean failed = !step.path("held").asBoolean();
            target.add(new Point(window, step.path("targetRate").asDouble(), failed));
            published.add(new Point(window, step.path("publishRate").asDouble(), failed));
            consumed.add(new Point(window, step.path("consumeRate").asDouble(), failed));
        }
        List<Series> series = List.of(new Series("target", Palette.BROKER, true, target),
                new Series("published", Palette.PUBLISH, false, published),
                new Series("consumed", Palette.CONSUME, false, consumed));
        return new LineChart("Rate per search window", LinearAxis.covering(1, Math.max(window, 2), "search window #"),
                LineChart.yFromZero(series, "messages / s"), series, List.of(), "faint: windows in which the rate failed")
                .html();
    }

    private String table() {
        StringBuilder out = Html.tablePanel(null, "window", "target msg/s", "published msg/s", "consumed msg/s",
                "backlog growth", "backlog at end", "seconds", "verdict", "then");
        int window = 0;
        for (JsonNode step : search.path("steps")) {
            window++;
            boolean held = step.path("held").asBoolean();
            out.append(held ? "<tr>" : "<tr class=\"bad\">").append(Html.numberCell(Numbers.count(window)));
            for (String field : List.of("targetRate", "publishRate", "consumeRate", "backlogGrowth", "backlogAtEnd")) {
                out.append(Html.numberCell(Numbers.count(step.path(field).asDouble(Double.NaN))));
            }
            out.append(Html.numberCell(Numbers.plain(step.path("seconds").asDouble(Double.NaN))))
                    .append("<td>").append(held ? "held" : "failed").append("</td><td>")
                    .append(Html.escape(step.path("next").asText())).append("</td></tr>");
        }
        return out.append("</table></section>\n").toString();
    }
}
