package io.brokerbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A phased workload's rate phases, each on its own: target rates, what was published and consumed,
 * the backlog it ended with, its latency percentiles, and what became of the messages it was due to send.
 */
final class RatePhasesSection {

    private final JsonNode phases;

    RatePhasesSection(RunResult run) {
        this.phases = run.node("ratePhases");
    }

    /** Empty when the workload had no rate phases. */
    String html() {
        if (!phases.isArray() || phases.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<h3>Rate phases</h3>\n").append(Html.tablePanel(null, "phase", "target msg/s",
                "seconds", "published msg/s", "consumed msg/s", "sent", "publish errors", "received", "backlog at end",
                "e2e p50", "e2e p99", "e2e p99.9", "publish p99", "delivery"));
        for (JsonNode phase : phases) {
            double from = phase.path("fromRate").asDouble();
            double to = phase.path("toRate").asDouble();
            String target = from == to ? Numbers.count(from) : Numbers.count(from) + " → " + Numbers.count(to);
            JsonNode delivery = phase.path("delivery");
            boolean bad = phase.path("publishErrors").asLong() > 0 || !delivery.path("clean").asBoolean(true);
            out.append(bad ? "<tr class=\"bad\">" : "<tr>")
                    .append("<td>").append(Html.escape(phase.path("name").asText())).append("</td>")
                    .append(Html.numberCell(target))
                    .append(Html.numberCell(Numbers.plain(phase.path("seconds").asDouble(Double.NaN))));
            for (String field : List.of("publishRate", "consumeRate", "messagesSent", "publishErrors", "messagesReceived",
                    "backlogAtEnd")) {
                out.append(Html.numberCell(Numbers.count(phase.path(field).asDouble(Double.NaN))));
            }
            JsonNode e2e = phase.path("endToEndLatency");
            for (String percentile : List.of("50pct", "99pct", "999pct")) {
                out.append(Html.numberCell(Numbers.latencyMillis(e2e.path(percentile).asDouble(Double.NaN))));
            }
            out.append(Html.numberCell(Numbers.latencyMillis(phase.path("publishLatency").path("99pct").asDouble(Double.NaN))))
                    .append("<td>").append(Html.escape(deliveryText(delivery))).append("</td></tr>");
        }
        return out.append("</table></section>\n").toString();
    }

    /** "clean", or the faults among the phase's messages; "not judged" for a run never judged (or an older result). */
    private static String deliveryText(JsonNode delivery) {
        if (delivery.isMissingNode()) {
            return "not judged";
        }
        if (delivery.path("clean").asBoolean()) {
            return "clean";
        }
        List<String> faults = new ArrayList<>();
        for (String field : List.of("unsent", "neverReceived", "duplicated", "reordered")) {
            JsonNode count = delivery.path(field);
            if (field.equals("reordered") && !delivery.path("orderingJudged").asBoolean(true)) {
                continue;
            }
            if (count.isNull()) {
                faults.add(field + " not attributed");
            } else if (count.asLong() > 0) {
                faults.add(field + " " + Numbers.count(count.asDouble()));
            }
        }
        return String.join(", ", faults);
    }
}
