package io.brokerbench.report.html;

import io.brokerbench.delivery.WindowDelivery;
import io.brokerbench.report.html.LineChart.Band;
import io.brokerbench.report.html.LineChart.Point;
import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.result.model.FaultTick;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A run's faults: a table of what each did and what the clients saw, and the measured phase snapshot by
 * snapshot (a quarter second apart) with each fault's window shaded from the fault to the clients'
 * recovery, and the moment the partition's leader moved marked.
 */
final class FaultsSection {

    private final List<FaultOutcome> faults;
    private final List<FaultTick> timeline;

    FaultsSection(RunResult run) {
        this.faults = run.result().faults();
        this.timeline = run.result().faultTimeline();
    }

    /** Empty when the workload had no faults. */
    String html() {
        if (faults == null || faults.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<h3>Faults</h3>\n").append(Html.tablePanel(null, "fault", "node", "at s",
                "noticed after s", "acks stopped s", "recovered after s", "leader", "e2e p99 before", "during", "after",
                "sends retried during", "intended in window", "failed (arrived)", "never received", "duplicated", "reordered"));
        for (FaultOutcome fault : faults) {
            out.append(fault.applied() ? "<tr>" : "<tr class=\"bad\">")
                    .append("<td>").append(Html.escape(fault.index() + ": " + fault.action() + " " + fault.target())).append("</td>")
                    .append("<td>").append(Html.escape(fault.applied() ? fault.node() + " (" + fault.role() + ")"
                            : "not applied: " + fault.notApplied())).append("</td>")
                    .append(Html.numberCell(seconds(fault.startedAtSeconds())))
                    .append(Html.numberCell(seconds(fault.noticedAfterSeconds())))
                    .append(Html.numberCell(seconds(fault.unavailableSeconds())))
                    .append(Html.numberCell(seconds(fault.recoveredAfterSeconds())))
                    .append("<td>").append(Html.escape(leader(fault))).append("</td>")
                    .append(Html.numberCell(p99(fault.before())))
                    .append(Html.numberCell(p99(fault.during())))
                    .append(Html.numberCell(p99(fault.after())))
                    .append(Html.numberCell(retried(fault.during())))
                    .append(deliveryCells(fault.delivery()))
                    .append("</tr>");
        }
        out.append("</table></section>\n");
        if (timeline != null && timeline.size() > 1) {
            out.append("<div class=\"charts\">\n").append(rateChart()).append(latencyChart()).append("</div>\n");
        }
        return out.toString();
    }

    /** What became of the messages intended in the fault's window; dashes where they could not be placed in time. */
    private static String deliveryCells(WindowDelivery delivery) {
        if (delivery == null) {
            return Html.numberCell("-").repeat(5);
        }
        return Html.numberCell(String.format("%,d", delivery.intended()))
                + Html.numberCell(String.format("%,d (%,d)", delivery.failed(), delivery.failedButReceived()))
                + Html.numberCell(String.format("%,d", delivery.neverReceived()))
                + Html.numberCell(delivery.duplicated() < 0 ? "?" : String.format("%,d", delivery.duplicated()))
                + Html.numberCell(delivery.reordered() < 0 ? "?" : String.format("%,d", delivery.reordered()));
    }

    private String rateChart() {
        List<Series> series = List.of(series("published", Palette.PUBLISH, FaultTick::publishRate),
                series("acknowledged", Palette.BROKER, FaultTick::ackRate),
                series("consumed", Palette.CONSUME, FaultTick::consumeRate),
                series("failed sends", Palette.ERRORS, FaultTick::failRate));
        if (timeline.stream().anyMatch(tick -> tick.retryRate() != null)) {
            series = new ArrayList<>(series);
            series.add(seriesWhereKnown("retried sends", Palette.RETRIES, FaultTick::retryRate));
        }
        return new LineChart("Around the faults: rates per snapshot", timeAxis(), LineChart.yFromZero(series, "messages / s"),
                series, bands(), "shaded: from each fault to the clients' recovery; a thin band: the partition's leader moved")
                .html();
    }

    private String latencyChart() {
        List<Series> series = new ArrayList<>();
        series.add(seriesWhereKnown("publish p99 from intended", Palette.PUBLISH, FaultTick::publishP99));
        series.add(seriesWhereKnown("end-to-end p99 from intended", Palette.FROM_INTENDED, FaultTick::endToEndP99));
        return new LineChart("Around the faults: p99 per snapshot", timeAxis(),
                LogLatencyAxis.forSeries(series, "latency (ms, log scale)"), series, bands(), null).html();
    }

    private Series series(String label, String colour, ToDoubleFunction<FaultTick> value) {
        List<Point> points = new ArrayList<>();
        timeline.forEach(tick -> points.add(new Point(tick.atSeconds(), value.applyAsDouble(tick), false)));
        return new Series(label, colour, false, points);
    }

    private Series seriesWhereKnown(String label, String colour, Function<FaultTick, Double> value) {
        List<Point> points = new ArrayList<>();
        timeline.stream().filter(tick -> value.apply(tick) != null)
                .forEach(tick -> points.add(new Point(tick.atSeconds(), value.apply(tick), false)));
        return new Series(label, colour, false, points);
    }

    private Axis timeAxis() {
        return LinearAxis.covering(0, timeline.get(timeline.size() - 1).atSeconds(), "seconds into the measured phase");
    }

    private List<Band> bands() {
        double end = timeline.get(timeline.size() - 1).atSeconds();
        List<Band> bands = new ArrayList<>();
        for (FaultOutcome fault : faults) {
            if (!fault.applied()) {
                continue;
            }
            double from = fault.startedAtSeconds();
            double to = fault.recoveredAfterSeconds() != null ? from + fault.recoveredAfterSeconds()
                    : fault.noticedAfterSeconds() != null ? end : from + 0.25;
            bands.add(new Band(from, Math.min(to, end), "fault " + fault.index() + ": " + fault.action() + " " + fault.node()));
            if (fault.leaderMovedAfterSeconds() != null) {
                double moved = from + fault.leaderMovedAfterSeconds();
                bands.add(new Band(moved, Math.min(moved + 0.1, end), "→ " + fault.leaderAfter()));
            }
        }
        return bands;
    }

    private static String leader(FaultOutcome fault) {
        if (fault.leaderMovedAfterSeconds() != null) {
            return fault.leaderBefore() + " → " + fault.leaderAfter() + " after " + Numbers.plain(fault.leaderMovedAfterSeconds()) + " s";
        }
        return fault.leaderAfter() == null ? "–" : "stayed " + fault.leaderAfter();
    }

    private static String seconds(Double value) {
        return value == null ? "–" : Numbers.plain(value);
    }

    /** "not counted" where the clients do not count their retries (a dash would read as "none"). */
    private static String retried(FaultOutcome.Latency latency) {
        if (latency == null) {
            return "–";
        }
        return latency.retried() == null ? "not counted" : String.format("%,d", latency.retried());
    }

    private static String p99(FaultOutcome.Latency latency) {
        return latency == null || latency.endToEndP99() == null ? "–" : Numbers.plain(latency.endToEndP99()) + " ms";
    }
}
