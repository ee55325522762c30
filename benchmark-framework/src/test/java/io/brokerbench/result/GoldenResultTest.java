package io.brokerbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.testing.JsonFields;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The result file of fixed simulated runs, field by field, against the files checked in under
 * src/test/resources/golden: a refactoring of how results are built and written (a typed result
 * model) must not change a field, and a change that means to must update the golden file on purpose
 * ({@code mvn test -Dtest=GoldenResultTest -Dgolden.update=true}, then read the diff). What a run
 * on a real clock cannot reproduce (its start and end time, the coordinator's own CPU) is masked.
 */
class GoldenResultTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    /** Fields whose values come from the wall clock or this JVM's CPU, not from the simulated run. */
    private static final List<String> MASKED = List.of("beginTime", "endTime", "loadGenerator.recordingCpuSeconds",
            "loadGenerator.recordingCpuPercent", "loadGenerator.processCpuSeconds", "loadGenerator.processCpuMicrosPerMessage",
            "loadGenerator.processCpuCores", "coordinatorTiming.snapshotRoundMillisMean",
            "coordinatorTiming.snapshotRoundMillisMax");
    private static final Map<String, String> WORKLOADS = Map.of(
            "search", "producerRate: 0\nwarmupDurationSeconds: 10\ntestDurationSeconds: 20\nreportingIntervalSeconds: 10\n",
            "phased", "phases: [{durationSeconds: 20, rate: 1000}, {name: ramp, durationSeconds: 20, fromRate: 1000, "
                    + "toRate: 3000, stepSeconds: 10}]\nwarmupDurationSeconds: 10\nreportingIntervalSeconds: 10\n",
            "counted", "producerRate: 5000\ntestMessages: 20000\nreportingIntervalSeconds: 1\n");

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"search", "phased", "counted"})
    void theResultOfAFixedSimulatedRunIsUnchanged(String name) throws IOException {
        ManualClock clock = new ManualClock(1_000_000_000_000L);
        SimulatedWorker worker = new SimulatedWorker(clock);
        worker.consumeRate = 37_000;
        Path written = dir.resolve(name + ".json");
        SimulatedRuns.runAndWrite(TestFiles.workloadOf(dir, WORKLOADS.get(name)), worker, clock, written);
        JsonNode actual = masked(mapper.readTree(written.toFile()));
        JsonFields.assertGolden(GOLDEN.resolve(name + ".json"), actual);
    }

    private static JsonNode masked(JsonNode root) {
        for (String field : MASKED) {
            String[] path = field.split("\\.");
            JsonNode node = root;
            for (int i = 0; i < path.length - 1 && node != null; i++) {
                node = node.get(path[i]);
            }
            if (node instanceof ObjectNode object && object.has(path[path.length - 1])) {
                object.put(path[path.length - 1], "(masked)");
            }
        }
        // the workload's own file name lives in the temporary directory; topic and subscription names
        // end in random characters, so that runs never share a topic
        ((ObjectNode) root).put("workloadFile", "(masked)");
        for (JsonNode subscription : root.path("messages").path("subscriptions")) {
            ((ObjectNode) subscription).put("topic", "(masked)").put("subscription", "(masked)");
        }
        return root;
    }
}
