package io.brokerbench.report.html;

import io.brokerbench.result.model.RatePhaseOutcome.Delivery;
import io.brokerbench.result.model.RatePhaseOutcome;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.List;

/**
 * A phased workload's rate phases, each on its own: target rates, what was published and consumed,
 * the backlog it ended with, its latency percentiles, and what became of the messages it was due to send.
 */
final class RatePhasesSection {

    private final List<RatePhaseOutcome> phases;

    RatePhasesSection(RunResult run) {
        this.phases = run.result().ratePhases();
    }

    /** Empty when the workload had no rate phases. */
    String html() {
        if (phases == null || phases.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<h3>Rate phases</h3>\n").append(Html.tablePanel(null, "phase", "target msg/s",
                "seconds", "published msg/s", "consumed msg/s", "sent", "publish errors", "received", "backlog at end",
                "e2e p50", "e2e p99", "e2e p99.9", "publish p99", "delivery"));
        for (RatePhaseOutcome phase : phases) {
            double from = phase.fromRate();
            double to = phase.toRate();
            String target = from == to ? Numbers.count(from) : Numbers.count(from) + " → " + Numbers.count(to);
            Delivery delivery = phase.delivery();
            boolean bad = phase.publishErrors() > 0 || (delivery != null && !delivery.clean());
            out.append(bad ? "<tr class=\"bad\">" : "<tr>")
                    .append("<td>").append(Html.escape(phase.name())).append("</td>")
                    .append(Html.numberCell(target))
                    .append(Html.numberCell(Numbers.plain(phase.seconds())));
            for (double value : new double[] {phase.publishRate(), phase.consumeRate(), phase.messagesSent(),
                    phase.publishErrors(), phase.messagesReceived(), phase.backlogAtEnd()}) {
                out.append(Html.numberCell(Numbers.count(value)));
            }
            for (Percentile percentile : List.of(Percentile.P50, Percentile.P99, Percentile.P999)) {
                out.append(Html.numberCell(Numbers.latencyMillis(latency(phase, Metric.END_TO_END, percentile))));
            }
            out.append(Html.numberCell(Numbers.latencyMillis(latency(phase, Metric.PUBLISH_LATENCY, Percentile.P99))))
                    .append("<td>").append(Html.escape(deliveryText(delivery))).append("</td></tr>");
        }
        return out.append("</table></section>\n").toString();
    }

    private static double latency(RatePhaseOutcome phase, Metric metric, Percentile percentile) {
        return phase.latency() == null || phase.latency().get(metric) == null ? Double.NaN
                : phase.latency().get(metric).get(percentile);
    }

    /** "clean", or the faults among the phase's messages; "not judged" for a run never judged (or an older result). */
    private static String deliveryText(Delivery delivery) {
        if (delivery == null) {
            return "not judged";
        }
        if (delivery.clean()) {
            return "clean";
        }
        List<String> faults = new ArrayList<>();
        fault(faults, "unsent", delivery.unsent());
        fault(faults, "neverReceived", delivery.neverReceived());
        fault(faults, "duplicated", delivery.duplicated());
        if (delivery.orderingJudged()) {
            fault(faults, "reordered", delivery.reordered());
        }
        return String.join(", ", faults);
    }

    /** A count the verdict could not attribute to the phase is null. */
    private static void fault(List<String> faults, String field, Long count) {
        if (count == null) {
            faults.add(field + " not attributed");
        } else if (count > 0) {
            faults.add(field + " " + Numbers.count(count));
        }
    }
}
