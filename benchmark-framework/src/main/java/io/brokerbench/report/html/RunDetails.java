package io.brokerbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The reference part of a run: workload, driver configuration as run, environment, load generator
 * cost, a count-bounded run's times, a backlog's drain, per-subscription verdicts.
 */
final class RunDetails {

    private static final Map<String, String> LOAD_GENERATOR_NAMES = Map.of(
            "loadThreadCpuMicrosPerMessage", "CPU per message, load threads (µs)",
            "processCpuMicrosPerMessage", "CPU per message, whole client process (µs)",
            "loadThreadCpuSeconds", "CPU of load threads, measured phase (s)",
            "processCpuSeconds", "CPU of client process, measured phase (s)",
            "processCpuCores", "cores busy in the client process, measured phase (average)",
            "publishDelayP99Micros", "publish delay p99: behind schedule (µs)",
            "recordingCpuSeconds", "CPU of recording the metrics, measured phase (s)",
            "recordingCpuPercent", "recording the metrics, share of client CPU (%)");

    private final RunResult run;

    RunDetails(RunResult run) {
        this.run = run;
    }

    String html() {
        StringBuilder out = new StringBuilder();
        out.append("<details class=\"details\" open><summary>Details: workload, driver, environment, load generator</summary>\n");
        out.append("<div class=\"detail-grid\">\n");
        out.append(panel("Workload", table(workload())));
        out.append(panel("Load generator cost", table(loadGenerator())));
        // a count-bounded run's times and a backlog's drain: only results of runs that had them carry these
        if (run.node("countBounded").isObject()) {
            out.append(panel("Count-bounded run: publish and consume times", table(flatten(run.node("countBounded")))));
        }
        if (run.node("backlogDrain").isObject()) {
            out.append(panel("Backlog drain: rate and time", table(flatten(run.node("backlogDrain")))));
        }
        out.append(panel("Environment", table(flatten(run.node("environment")))));
        if (run.node("coordinatorTiming").isObject()) {
            out.append(panel("Coordinator timing: snapshot rounds and late intervals",
                    table(flatten(run.node("coordinatorTiming")))));
        }
        JsonNode subscriptions = run.delivery() == null ? null : run.delivery().subscriptions();
        if (subscriptions != null && subscriptions.isArray() && !subscriptions.isEmpty()) {
            out.append("<div class=\"panel full\"><h4>Delivery per subscription</h4>").append(subscriptionTable(subscriptions))
                    .append("</div>\n");
        }
        out.append("</div>\n");
        out.append(driver());
        out.append("</details>\n");
        return out.toString();
    }

    private Map<String, String> workload() {
        JsonNode config = run.node("workloadConfig");
        Map<String, String> rows = new LinkedHashMap<>();
        if (run.text("workloadFile") != null) {
            rows.put("file", run.text("workloadFile"));
        }
        if (config.isObject()) {
            rows.putAll(flatten(config));
        } else {
            for (String field : List.of("workload", "messageSize", "topics", "partitions", "producersPerTopic", "consumersPerTopic")) {
                if (run.text(field) != null) {
                    rows.put(field, run.text(field));
                }
            }
        }
        return rows;
    }

    private Map<String, String> loadGenerator() {
        Map<String, String> rows = new LinkedHashMap<>();
        JsonNode load = run.node("loadGenerator");
        load.fields().forEachRemaining(e -> rows.put(LOAD_GENERATOR_NAMES.getOrDefault(e.getKey(), e.getKey()),
                e.getValue().isNumber() ? Numbers.plain(e.getValue().asDouble()) : e.getValue().asText()));
        if (!load.has("publishDelayP99Micros")) {
            double delay = run.aggregated(Metric.PUBLISH_DELAY, Percentile.P99);
            rows.put(LOAD_GENERATOR_NAMES.get("publishDelayP99Micros"), Numbers.plain(delay));
        }
        return rows;
    }

    private String driver() {
        StringBuilder out = new StringBuilder("<div class=\"panel\"><h4>Driver configuration as run</h4>");
        List<String> facts = new ArrayList<>();
        for (String field : List.of("driverFile", "driverClass")) {
            if (run.text(field) != null) {
                facts.add(field + ": " + run.text(field));
            }
        }
        if (!facts.isEmpty()) {
            out.append("<div class=\"meta\">").append(Html.escape(String.join(" · ", facts))).append("</div>");
        }
        String config = run.text("driverConfig");
        out.append("<pre>").append(Html.escape(config == null ? "(not recorded in this result file)" : config)).append("</pre></div>\n");
        return out.toString();
    }

    private static String panel(String title, String body) {
        return "<div class=\"panel\"><h4>" + Html.escape(title) + "</h4>" + body + "</div>\n";
    }

    private static String table(Map<String, String> rows) {
        if (rows.isEmpty()) {
            return "<div class=\"meta\">not recorded in this result file</div>";
        }
        StringBuilder out = new StringBuilder("<table class=\"kv\">");
        // dotted keys may break after a dot, never inside a word
        rows.forEach((key, value) -> out.append("<tr><th>").append(Html.escape(key).replace(".", ".<wbr>")).append("</th><td>")
                .append(Html.escape(value)).append("</td></tr>"));
        return out.append("</table>").toString();
    }

    private static String subscriptionTable(JsonNode subscriptions) {
        StringBuilder out = new StringBuilder("<table class=\"grid-table\"><tr><th>topic</th><th>subscription</th>"
                + "<th>expected</th><th>received</th><th>lost</th><th>dup.</th><th>reord.</th></tr>");
        for (JsonNode s : subscriptions) {
            boolean bad = s.path("lost").asLong() + s.path("duplicated").asLong() + s.path("reordered").asLong() > 0;
            out.append(bad ? "<tr class=\"bad\">" : "<tr>");
            out.append("<td>").append(Html.escape(s.path("topic").asText())).append("</td><td>")
                    .append(Html.escape(s.path("subscription").asText())).append("</td>");
            for (String field : List.of("expected", "received", "lost", "duplicated", "reordered")) {
                out.append("<td class=\"num\">").append(Numbers.count(s.path(field).asDouble())).append("</td>");
            }
            out.append("</tr>");
        }
        return out.append("</table>").toString();
    }

    private static String bytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB (%,d bytes)", bytes / (1024.0 * 1024 * 1024), bytes);
    }

    /** Nested objects as dotted keys (host.cores); arrays of plain values joined with spaces (JVM arguments). */
    static Map<String, String> flatten(JsonNode node) {
        Map<String, String> rows = new LinkedHashMap<>();
        flatten("", node, rows);
        return rows;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> rows) {
        if (node.isObject()) {
            if (node.isEmpty() && !prefix.isEmpty()) {
                rows.put(prefix, "none");
            }
            node.fields().forEachRemaining(e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), rows));
        } else if (node.isArray()) {
            List<String> parts = new ArrayList<>();
            boolean plain = true;
            for (JsonNode element : node) {
                plain &= element.isValueNode();
                parts.add(element.isValueNode() ? element.asText() : element.toString());
            }
            rows.put(prefix, String.join(plain ? " " : ", ", parts));
        } else if (!node.isMissingNode() && !prefix.isEmpty()) {
            rows.put(prefix, node.isNull() ? "–" : prefix.endsWith("Bytes") && node.isNumber() ? bytes(node.asLong()) : node.asText());
        }
    }
}
