package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.testing.TestFiles;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Process benchmark = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dbenchmark.home=" + HOME,
                Main.class.getName(), "--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(),
                "-o", result.toString(), workload.toString()))
                .directory(dir.toFile()).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(benchmark.getInputStream(), StandardCharsets.UTF_8))) {
            int measured = 0;
            String line;
            while (measured < 2 && (line = lines.readLine()) != null) {
                output.append(line).append('\n');
                if (line.startsWith("[measure")) {
                    measured++;
                }
            }
            new ProcessBuilder("kill", "-INT", Long.toString(benchmark.pid())).start().waitFor();
            while ((line = lines.readLine()) != null) {
                output.append(line).append('\n');
            }
        }
        assertTrue(benchmark.waitFor(60, TimeUnit.SECONDS), output.toString());

        assertEquals(ExitCode.INTERRUPTED, benchmark.exitValue(), output.toString());
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
