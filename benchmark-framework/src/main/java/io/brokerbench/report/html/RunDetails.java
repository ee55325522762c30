package io.brokerbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.delivery.QueueVerdict;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.result.model.BenchmarkResult;
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

    /** Turns a section into name → value rows: the panels show each section's fields as they are. */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final RunResult run;
    private final BenchmarkResult result;

    RunDetails(RunResult run) {
        this.run = run;
        this.result = run.result();
    }

    String html() {
        StringBuilder out = new StringBuilder();
        out.append("<details class=\"details\" open><summary>Details: workload, driver, environment, load generator</summary>\n");
        out.append("<div class=\"detail-grid\">\n");
        out.append(panel("Workload", table(workload())));
        out.append(panel("Load generator cost", table(loadGenerator())));
        // a count-bounded run's times and a backlog's drain: only results of runs that had them carry these
        if (result.countBounded() != null) {
            out.append(panel("Count-bounded run: publish and consume times", table(flatten(result.countBounded()))));
        }
        if (result.backlogDrain() != null) {
            out.append(panel("Backlog drain: rate and time", table(flatten(result.backlogDrain()))));
        }
        out.append(panel("Environment", table(flatten(result.environment()))));
        if (result.coordinatorTiming() != null) {
            out.append(panel("Coordinator timing: snapshot rounds and late intervals",
                    table(flatten(result.coordinatorTiming()))));
        }
        List<SubscriptionVerdict> subscriptions = run.delivery() == null ? null : run.delivery().messages().subscriptions();
        if (subscriptions != null && !subscriptions.isEmpty()) {
            out.append("<div class=\"panel full\"><h4>Delivery per subscription</h4>").append(subscriptionTable(subscriptions))
                    .append("</div>\n");
        }
        out.append("</div>\n");
        out.append(driver());
        out.append("</details>\n");
        return out.toString();
    }

    private Map<String, String> workload() {
        JsonNode config = result.workloadConfig();
        Map<String, String> rows = new LinkedHashMap<>();
        if (result.workloadFile() != null) {
            rows.put("file", result.workloadFile());
        }
        if (config != null && config.isObject()) {
            rows.putAll(flatten(config));
        } else {
            // OMB's files: the workload's shape only
            putIfKnown(rows, "workload", result.workload());
            putIfKnown(rows, "messageSize", result.messageSize());
            putIfKnown(rows, "topics", result.topics());
            putIfKnown(rows, "partitions", result.partitions());
            putIfKnown(rows, "producersPerTopic", result.producersPerTopic());
            putIfKnown(rows, "consumersPerTopic", result.consumersPerTopic());
        }
        return rows;
    }

    private Map<String, String> loadGenerator() {
        Map<String, String> rows = new LinkedHashMap<>();
        if (result.loadGenerator() != null) {
            MAPPER.valueToTree(result.loadGenerator()).fields().forEachRemaining(e -> {
                if (e.getValue().isNumber()) {
                    rows.put(LOAD_GENERATOR_NAMES.getOrDefault(e.getKey(), e.getKey()), Numbers.plain(e.getValue().asDouble()));
                }
            });
        }
        if (result.loadGenerator() == null || result.loadGenerator().publishDelayP99Micros() == null) {
            double delay = run.aggregated(Metric.PUBLISH_DELAY, Percentile.P99);
            rows.put(LOAD_GENERATOR_NAMES.get("publishDelayP99Micros"), Numbers.plain(delay));
        }
        return rows;
    }

    private String driver() {
        StringBuilder out = new StringBuilder("<div class=\"panel\"><h4>Driver configuration as run</h4>");
        List<String> facts = new ArrayList<>();
        if (result.driverFile() != null) {
            facts.add("driverFile: " + result.driverFile());
        }
        if (result.driverClass() != null) {
            facts.add("driverClass: " + result.driverClass());
        }
        if (!facts.isEmpty()) {
            out.append("<div class=\"meta\">").append(Html.escape(String.join(" · ", facts))).append("</div>");
        }
        String config = result.driverConfig();
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

    private static void putIfKnown(Map<String, String> rows, String field, Object value) {
        if (value != null) {
            rows.put(field, value.toString());
        }
    }

    private static String subscriptionTable(List<SubscriptionVerdict> subscriptions) {
        // a queue's subscriptions (share groups) also say what was released, redelivered, rejected and archived
        boolean queues = subscriptions.stream().anyMatch(s -> s.queue() != null);
        StringBuilder out = new StringBuilder("<table class=\"grid-table\"><tr><th>topic</th><th>subscription</th>"
                + "<th>expected</th><th>received</th><th>lost</th><th>dup.</th><th>reord.</th>"
                + (queues ? "<th>released</th><th>redelivered</th><th>of them unreleased</th><th>rejected</th><th>archived</th>" : "") + "</tr>");
        for (SubscriptionVerdict s : subscriptions) {
            boolean bad = s.lost() + s.duplicated() + s.reordered() > 0;
            out.append(bad ? "<tr class=\"bad\">" : "<tr>");
            out.append("<td>").append(Html.escape(s.topic())).append("</td><td>")
                    .append(Html.escape(s.subscription())).append("</td>");
            for (long count : new long[] {s.expected(), s.received(), s.lost(), s.duplicated(), s.reordered()}) {
                out.append("<td class=\"num\">").append(Numbers.count(count)).append("</td>");
            }
            if (queues) {
                QueueVerdict q = s.queue();
                for (long count : q == null ? new long[] {-1, -1, -1, -1, -1}
                        : new long[] {q.released(), q.redelivered(), q.redeliveredUnreleased(), q.rejected(), q.archived()}) {
                    out.append("<td class=\"num\">").append(count < 0 ? "" : Numbers.count(count)).append("</td>");
                }
            }
            out.append("</tr>");
        }
        return out.append("</table>").toString();
    }

    private static String bytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB (%,d bytes)", bytes / (1024.0 * 1024 * 1024), bytes);
    }

    /** A section's fields as rows: nested objects as dotted keys (host.cores), plain arrays joined with spaces. */
    private static Map<String, String> flatten(Object section) {
        return flatten(section instanceof JsonNode node ? node : MAPPER.valueToTree(section));
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
