package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.testing.CtrlC;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C as a user sends it: a real SIGINT to a benchmark JVM in its measured phase. */
@Timeout(120)
class InterruptedRunIT {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void sigintStopsTheLoadAndStillWritesWhatWasMeasured() throws Exception {
        Path workload = TestFiles.write(dir, "long.yaml", "name: long\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 2000\nwarmupDurationSeconds: 0\ntestDurationSeconds: 600\n"
                + "reportingIntervalSeconds: 1\n");
        Path result = dir.resolve("result.json");
        CtrlC.Interrupted run = CtrlC.duringMeasurement(dir, List.of("-Dbenchmark.home=" + HOME), Main.class,
                List.of("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "-o", result.toString(),
                        workload.toString()));

        assertEquals(ExitCode.INTERRUPTED, run.exitCode(), run.console());
        JsonNode json = new ObjectMapper().readTree(result.toFile());
        assertFalse(json.get("complete").asBoolean());
        assertTrue(json.get("incompleteReason").asText().contains("interrupted"), json.get("incompleteReason").asText());
        assertTrue(json.get("measured").get("messagesSent").asLong() >= 2000, json.get("measured").toString());
        assertTrue(json.get("publishRate").size() >= 2);
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no half-written file");
        }
    }
}
