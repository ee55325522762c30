package io.brokerbench.report.html;

import io.brokerbench.capacity.SustainableRate;
import io.brokerbench.report.html.LineChart.Point;
import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.result.model.RateSearchOutcome.Step;
import io.brokerbench.result.model.RateSearchOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code producerRate: 0} run's max-rate search: the rate found with its bounds, the rate each window
 * tried against what it achieved (failed windows faint), and every window with the search's next move.
 */
final class RateSearchSection {

    private final RateSearchOutcome search;

    RateSearchSection(RunResult run) {
        this.search = run.result().rateSearch();
    }

    /** Empty when the run searched for no rate. */
    String html() {
        if (search == null) {
            return "";
        }
        SustainableRate found = new SustainableRate(search.sustainableRate(),
                search.upperBound() != null ? search.upperBound() : Double.POSITIVE_INFINITY, search.converged(),
                search.windows(), search.boundBy());
        StringBuilder out = new StringBuilder("<h3>Max-rate search</h3>\n<div class=\"meta\">")
                .append(Html.escape(found.describe()))
                .append(search.complete() ? ". The measured phase ran at the rate found."
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
        for (Step step : steps()) {
            window++;
            boolean failed = !step.held();
            target.add(new Point(window, step.targetRate(), failed));
            published.add(new Point(window, step.publishRate(), failed));
            consumed.add(new Point(window, step.consumeRate(), failed));
        }
        List<Series> series = List.of(new Series("target", Palette.BROKER, true, target),
                new Series("published", Palette.PUBLISH, false, published),
                new Series("consumed", Palette.CONSUME, false, consumed));
        return new LineChart("Rate per search window", LinearAxis.covering(1, Math.max(window, 2), "search window #"),
                LineChart.yFromZero(series, "messages / s"), series, List.of(), "faint: windows in which the rate failed")
                .html();
    }

    private List<Step> steps() {
        return search.steps() == null ? List.of() : search.steps();
    }

    private String table() {
        StringBuilder out = Html.tablePanel(null, "window", "target msg/s", "published msg/s", "consumed msg/s",
                "backlog growth", "backlog at end", "seconds", "verdict", "then");
        int window = 0;
        for (Step step : steps()) {
            window++;
            boolean held = step.held();
            out.append(held ? "<tr>" : "<tr class=\"bad\">").append(Html.numberCell(Numbers.count(window)));
            for (double value : new double[] {step.targetRate(), step.publishRate(), step.consumeRate(), step.backlogGrowth(),
                    step.backlogAtEnd()}) {
                out.append(Html.numberCell(Numbers.count(value)));
            }
            out.append(Html.numberCell(Numbers.plain(step.seconds())))
                    .append("<td>").append(held ? "held" : "failed").append("</td><td>")
                    .append(Html.escape(step.next() == null ? "" : step.next())).append("</td></tr>");
        }
        return out.append("</table></section>\n").toString();
    }
}
