package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.capacity.Knee;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.testing.JsonFields;
import io.brokerbench.testing.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The sweep result and the {@code --repeat} summary of fixed run results, field by field, against
 * src/test/resources/golden (as {@link GoldenResultTest} does for one run's file): how they are built
 * and read may change, what they say may not without updating the golden files on purpose
 * ({@code -Dgolden.update=true}).
 */
class GoldenSummariesTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A run's result with every figure the summaries read, from {@code rate} and its end-to-end p99. */
    private static BenchmarkResult run(boolean complete, double rate, double e2eP99, boolean clean, long backlog) {
        StringBuilder latency = new StringBuilder();
        for (String metric : List.of("PublishLatency", "PublishDelayLatency", "EndToEndLatency", "PublishLatencyFromIntended",
                "EndToEndLatencyFromIntended")) {
            double scale = metric.startsWith("PublishDelay") ? 1000 : 1;
            latency.append(String.format(Locale.ROOT, "\"aggregated%sAvg\": %.3f, \"aggregated%s50pct\": %.3f, "
                    + "\"aggregated%s99pct\": %.3f, \"aggregated%s999pct\": %.3f, \"aggregated%sMax\": %.3f, ",
                    metric, e2eP99 / 3 * scale, metric, e2eP99 / 2 * scale, metric, e2eP99 * scale, metric,
                    e2eP99 * 1.5 * scale, metric, e2eP99 * 2 * scale));
        }
        return Results.bind(String.format(Locale.ROOT, """
                {"workload": "w", "driver": "Kafka", "messageSize": 100, "complete": %s,
                 "latencyUnits": "publishDelayLatency*: microseconds; all other latencies: milliseconds",
                 "publishRate": [%.1f],
                 %s
                 "measured": {"seconds": 30.0, "publishRate": %.3f, "consumeRate": %.3f, "publishMBps": %.3f, "consumeMBps": %.3f},
                 "rateSearch": {"sustainableRate": %.3f, "upperBound": %.3f, "relativeUncertainty": 0.01, "converged": true},
                 "countBounded": {"publishSeconds": 12.5, "consumeSeconds": 13.0},
                 "backlogDrain": {"seconds": 4.25, "consumeRate": %.3f, "backlogReadSeconds": 3.5, "backlogReadRate": 9000.0},
                 "loadGenerator": {"processCpuMicrosPerMessage": 0.6, "processCpuCores": 1.2},
                 "messages": {"sent": 1000, "received": 1000, "deliveredCleanly": %s, "sentDeliveredCleanly": true,
                              "verified": true, "sendFailures": %d, "subscriptions": [{"topic": "t", "expected": 1000}]},
                 "intervals": [{"phase": "warm-up", "backlog": 99999}, {"phase": "measure", "backlog": %d}],
                 "workloadConfig": {"rateSearchObjectives": {"endToEndP99Millis": 5, "publishP99Millis": 4,
                                    "backlogSeconds": 0.5, "noFailedSends": true}}}
                """, complete, rate, latency, rate, rate * 0.99, rate / 10000, rate / 10100, rate * 1.02, rate * 1.05,
                rate * 0.5, clean, clean ? 0 : 3, backlog));
    }

    @Test
    void theSweepAndTheRepeatSummaryOfFixedResultsAreUnchanged() throws IOException {
        List<List<BenchmarkResult>> steps = List.of(
                List.of(run(true, 10_000, 2.0, true, 10), run(true, 10_100, 2.5, true, 20)),
                List.of(run(true, 20_000, 3.0, true, 5_000)),
                List.of(run(true, 39_000, 8.0, false, 30_000), run(false, 1, 99, false, 0)));
        List<List<String>> files = List.of(List.of("s1-r1.json", "s1-r2.json"), List.of("s2.json"),
                List.of("s3-r1.json", "s3-r2.json"));
        SweepMaximum maximum = SweepMaximum.discoveredIn("w-search.json", run(true, 40_000, 4.0, true, 0)).orElseThrow();
        check("sweep", new SweepResult(mapper, Knee.defaults()).of(List.of(10_000.0, 20_000.0, 40_000.0), files, steps,
                maximum));
        check("repeat-summary", RepeatSummary.of(List.of("a-run1.json", "a-run2.json", "a-run3.json"),
                List.of(run(true, 1000, 2.0, true, 0), run(true, 1100, 3.0, true, 0), run(false, 1, 99, false, 0))));
    }

    /** {@code document} as its file would hold it, against the golden file. */
    private void check(String name, Object document) throws IOException {
        JsonNode actual = mapper.readTree(mapper.writeValueAsString(document));
        Path golden = GOLDEN.resolve(name + ".json");
        JsonFields.assertGolden(golden, actual);
        if (Boolean.getBoolean("golden.update")) {
            return;
        }
        assertEquals(Files.readString(golden), mapper.writeValueAsString(actual) + "\n", name + ": same fields, same order");
    }
}
