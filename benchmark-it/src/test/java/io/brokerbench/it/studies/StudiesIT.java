package io.brokerbench.it.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.ExitCode;
import io.brokerbench.cli.ReproduceMain;
import io.brokerbench.study.StudyCatalog;
import io.brokerbench.study.StudyManifest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each study of workloads/studies through {@code bin/reproduce STUDY --scale smoke} against the real
 * local brokers its driver files start: a result per run, a table row per run, every run delivered
 * every message (a producer-only run: had every message acknowledged). Never a rate or a latency.
 */
@Timeout(900)
class StudiesIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path output;

    @ParameterizedTest
    @ValueSource(strings = {"1-ingestion", "2-producer-limits", "3-harness-bottleneck", "4-kafka-clients", "5-ordered-delivery"})
    void reproducesAtSmokeScaleWithAResultAndATableRowPerRun(String study) throws IOException {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

        int exit = ReproduceMain.run(new String[] {study, "--scale", "smoke", "-o", output.toString()}, out, out);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.OK, exit, printed);
        StudyManifest manifest = StudyCatalog.ofProject().load(study);
        int runs = manifest.runs().size();
        List<Path> results = results();
        assertEquals(runs, results.size(), "one result per run: " + results);
        for (Path result : results) {
            JsonNode json = JSON.readTree(result.toFile());
            // a producer-only row (the papers' perf tools only produced) has no consumer to see delivery:
            // every message due sent and acknowledged is what it can show
            boolean producerOnly = json.path("consumersPerTopic").asInt(-1) == 0;
            String verdict = producerOnly ? "allAcknowledged" : "deliveredCleanly";
            assertTrue(json.path("messages").path(verdict).asBoolean(), verdict + ": " + result);
        }
        List<String> rows = Files.readAllLines(output.resolve("comparison.md")).stream()
                .filter(line -> line.matches("\\| \\d+ \\|.*")).toList();
        assertEquals(runs, rows.size(), String.join("\n", rows));
        for (int i = 0; i < runs; i++) {
            assertTrue(rows.get(i).startsWith("| " + (i + 1) + " | ") && rows.get(i).contains(" | ok | "), rows.get(i));
        }
        assertTrue(Files.size(output.resolve("comparison.html")) > 0);
    }

    private List<Path> results() throws IOException {
        try (Stream<Path> files = Files.walk(output)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        }
    }
}
