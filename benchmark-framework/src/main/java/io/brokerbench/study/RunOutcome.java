package io.brokerbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.stats.Spread;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What one run of a study left: its result files (one per repetition) and their documents, in run order. */
public record RunOutcome(PlannedRun planned, List<Path> files, List<JsonNode> results) {

    public RunOutcome {
        files = List.copyOf(files);
        results = List.copyOf(results);
    }

    /** Every repetition has a result, complete, that delivered every message exactly once (in order where promised). */
    public boolean succeeded() {
        return !results.isEmpty() && results.stream().allMatch(r -> complete(r) && clean(r));
    }

    /** One phrase for the table: {@code ok}, or what went wrong in which repetition. */
    public String status() {
        if (results.isEmpty()) {
            return "FAILED: no result (see the console)";
        }
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i);
            String which = results.size() > 1 ? " (repetition " + (i + 1) + ")" : "";
            if (!complete(result)) {
                return "FAILED" + which + ": " + result.path("incompleteReason").asText("incomplete");
            }
            if (!clean(result)) {
                JsonNode m = result.path("messages");
                if (m.path("sentDeliveredCleanly").asBoolean(false)) {
                    return "RATE NOT HELD" + which + ": " + m.path("unsent").asLong()
                            + " messages due never sent; everything sent was delivered";
                }
                return "FAILED" + which + ": delivery not clean (lost " + m.path("lost").asLong() + ", duplicated "
                        + m.path("duplicated").asLong() + ", reordered " + m.path("reordered").asLong() + ", unsent "
                        + m.path("unsent").asLong() + ", failed sends " + m.path("sendFailures").asLong() + ")";
            }
        }
        return results.size() == 1 ? "ok" : "ok ×" + results.size();
    }

    /** {@code metric} over the complete repetitions that measured it; empty if none did. */
    public Optional<Spread> spread(StudyMetric metric) {
        double[] values = results.stream().filter(RunOutcome::complete)
                .map(metric::of).flatMap(Optional::stream).mapToDouble(Double::doubleValue).toArray();
        return values.length == 0 ? Optional.empty() : Optional.of(Spread.of(values));
    }

    private static boolean complete(JsonNode result) {
        return result.path("complete").asBoolean(false);
    }

    private static boolean clean(JsonNode result) {
        return result.path("messages").path("deliveredCleanly").asBoolean(false);
    }
}
