package io.brokerbench.study;

import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.MessageTotals;
import io.brokerbench.stats.Spread;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What one run of a study left: its result files (one per repetition) and their results, in run order. */
public record RunOutcome(PlannedRun planned, List<Path> files, List<BenchmarkResult> results) {

    public RunOutcome {
        files = List.copyOf(files);
        results = List.copyOf(results);
    }

    /**
     * Every repetition has a result, complete, that delivered every message exactly once (in order where
     * promised); a producer-only run's, that had every message acknowledged.
     */
    public boolean succeeded() {
        return !results.isEmpty() && results.stream().allMatch(r -> complete(r) && clean(r));
    }

    /** One phrase for the table: {@code ok}, or what went wrong in which repetition. */
    public String status() {
        if (results.isEmpty()) {
            return "FAILED: no result (see the console)";
        }
        for (int i = 0; i < results.size(); i++) {
            BenchmarkResult result = results.get(i);
            String which = results.size() > 1 ? " (repetition " + (i + 1) + ")" : "";
            if (!complete(result)) {
                return "FAILED" + which + ": " + (result.incompleteReason() == null ? "incomplete" : result.incompleteReason());
            }
            if (!clean(result)) {
                MessageTotals m = result.messages();
                if (m == null) {
                    return "FAILED" + which + ": delivery not verified";
                }
                if (m.allAcknowledged() != null) {
                    return "FAILED" + which + ": not every message acknowledged (producer-only: unsent " + m.unsent()
                            + ", failed sends " + m.sendFailures() + ", unacknowledged " + m.unacknowledged() + ")";
                }
                if (m.judgedSentClean()) {
                    return "RATE NOT HELD" + which + ": " + m.unsent() + " messages due never sent; everything sent was delivered";
                }
                return "FAILED" + which + ": delivery not clean (lost " + m.lost() + ", duplicated " + m.duplicated()
                        + ", reordered " + m.reordered() + ", unsent " + m.unsent() + ", failed sends " + m.sendFailures()
                        + (m.failedButReceived() > 0 ? ", failed but received " + m.failedButReceived() : "") + ")";
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

    private static boolean complete(BenchmarkResult result) {
        return result.completed();
    }

    private static boolean clean(BenchmarkResult result) {
        return result.messages() != null && result.messages().judgedClean();
    }
}
