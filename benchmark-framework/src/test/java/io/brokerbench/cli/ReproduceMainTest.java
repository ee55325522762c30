package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.study.StudyCatalog;
import io.brokerbench.testing.ConfigRejectingDriver;
import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/reproduce} on a small study of its own through the in-memory driver: files, table, exit codes. */
@Timeout(120)
class ReproduceMainTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path home;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int reproduce(String... args) {
        return ReproduceMain.run(new StudyCatalog(home), args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** A study "tiny" with the in-memory driver (and the given extra runs), 1 s per run at smoke scale. */
    private void tinyStudy(String extraRuns) throws IOException {
        Path study = Files.createDirectories(home.resolve("workloads/studies/tiny"));
        TestFiles.write(study, "w.yaml", "name: tiny workload\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 500\nwarmupDurationSeconds: 30\ntestDurationSeconds: 600\n");
        TestFiles.write(study, "study.yaml", "title: A tiny study\nsource: a test\nmeasured: nothing much\n"
                + "scales:\n  smoke:\n    repetitions: 2\n    workload: {warmupDurationSeconds: 0, testDurationSeconds: 1,"
                + " reportingIntervalSeconds: 1}\n  local:\n    repetitions: 1\n"
                + "compare: [publishRate, endToEndLatencyMin, endToEndLatencyMax]\n"
                + "runs:\n  - driver: " + HOME.resolve("driver-inmemory/inmemory.yaml") + "\n"
                + "    workload: workloads/studies/tiny/w.yaml\n    smoke: {producerRate: 400}\n"
                + "    paper:\n      - {metric: publishRate, value: 137676, unit: msg/s}\n"
                + "      - {metric: endToEndLatencyMax, value: 1.85, unit: s, approximate: true, label: saturated}\n"
                + extraRuns);
    }

    @Test
    void runsEveryRunAtTheScaleKeepsEveryResultAndPutsOursBesideThePapers() throws Exception {
        tinyStudy("");
        Path output = home.resolve("out");

        int exit = reproduce("tiny", "--scale", "smoke", "-o", output.toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        String workload = Files.readString(output.resolve("workloads/01-w.yaml"));
        assertTrue(workload.contains("testDurationSeconds: 1") && workload.contains("producerRate: 400"), workload);
        assertEquals(2, results(output).size(), "a result per repetition: " + results(output));
        String table = Files.readString(output.resolve("comparison.md"));
        assertTrue(table.contains("| 1 | InMemory | tiny workload | ok ×2 | "), table);
        assertTrue(table.contains("| 137,676 msg/s |"), table);
        assertTrue(table.contains("~1.85 s (saturated)"), table);
        assertTrue(table.contains("Every run completed"), table);
        assertTrue(Files.size(output.resolve("comparison.html")) > 0);
        assertTrue(Files.isRegularFile(output.resolve("study.yaml")));
        // each bin/benchmark's progress joins the study's line
        assertEquals(List.of("study runs 1 of 1 (on inmemory.yaml)", "study runs 1 of 1 (on inmemory.yaml) > run 1 of 2",
                "study runs 1 of 1 (on inmemory.yaml) > run 2 of 2"),
                out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("progress: "))
                        .map(l -> l.substring(l.indexOf(" | ") + 3)).toList());
    }

    @Test
    void aFailingRunIsMarkedInTheTableTheOthersStillRunAndTheExitCodeSaysSo() throws Exception {
        Path rejecting = TestFiles.write(home, "rejecting.yaml", "name: Rejecting\ndriverClass: "
                + ConfigRejectingDriver.class.getName() + "\n");
        tinyStudy("  - driver: " + rejecting + "\n    workload: workloads/studies/tiny/w.yaml\n");
        Path output = home.resolve("out");

        int exit = reproduce("tiny", "--scale", "smoke", "--repeat", "1", "-o", output.toString());

        assertEquals(ExitCode.RUN_FAILED, exit, stderr() + out);
        String table = Files.readString(output.resolve("comparison.md"));
        assertTrue(table.contains("| 1 | InMemory | tiny workload | ok | "), table);
        assertTrue(table.contains("| 2 | Rejecting | tiny workload | FAILED: "), table);
        assertTrue(table.contains("1 of 2 runs FAILED"), table);
    }

    @Test
    void aRunThatExhaustsTheHeapFailsAloneAndTheRunsAfterItStillRun() throws Exception {
        Path exhausting = TestFiles.write(home, "exhausting.yaml", "name: Exhausting\ndriverClass: "
                + ConfigRejectingDriver.class.getName() + "\nreject: heap\n");
        Path inMemoryAgain = TestFiles.write(home, "inmemory-again.yaml",
                Files.readString(HOME.resolve("driver-inmemory/inmemory.yaml")));
        tinyStudy("  - driver: " + exhausting + "\n    workload: workloads/studies/tiny/w.yaml\n"
                + "  - driver: " + inMemoryAgain + "\n    workload: workloads/studies/tiny/w.yaml\n");
        Path output = home.resolve("out");

        int exit = reproduce("tiny", "--scale", "smoke", "--repeat", "1", "-o", output.toString());

        assertEquals(ExitCode.RUN_FAILED, exit, stderr() + out);
        String table = Files.readString(output.resolve("comparison.md"));
        assertTrue(table.contains("| 2 | Exhausting | tiny workload | FAILED: out of memory (Java heap space): give the JVM"
                + " more heap"), table);
        assertTrue(table.contains("| 3 | InMemory | tiny workload | ok | "), table);
    }

    @Test
    void runsSelectsTheRowsToRerunAndLeavesTheOthersOut() throws Exception {
        Path rejecting = TestFiles.write(home, "rejecting.yaml", "name: Rejecting\ndriverClass: "
                + ConfigRejectingDriver.class.getName() + "\n");
        tinyStudy("  - driver: " + rejecting + "\n    workload: workloads/studies/tiny/w.yaml\n");
        Path output = home.resolve("out");

        int exit = reproduce("tiny", "--scale", "smoke", "--repeat", "1", "--runs", "1", "-o", output.toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        String table = Files.readString(output.resolve("comparison.md"));
        assertTrue(table.contains("| 1 | InMemory | tiny workload | ok | "), table);
        assertTrue(!table.contains("| 2 |") && !table.contains("Rejecting"), "run 2 neither run nor listed: " + table);
        assertTrue(Files.exists(output.resolve("workloads/01-w.yaml")) && !Files.exists(output.resolve("workloads/02-w.yaml")));
    }

    @Test
    void aRunSelectionOutsideTheStudyIsOneLineNamingTheOptionAndTheRuns() throws Exception {
        tinyStudy("");

        assertEquals(ExitCode.BAD_INPUT, reproduce("tiny", "--scale", "smoke", "--runs", "1,3-4"));
        assertEquals("error: option '--runs' = '1,3-4': '3-4' is not among the study's runs 1-1", stderr().strip());

        err.reset();
        assertEquals(ExitCode.BAD_INPUT, reproduce("tiny", "--scale", "smoke", "--runs", "one"));
        assertEquals("error: option '--runs' = 'one': not a list of run numbers and ranges like 1,4,10-12",
                stderr().strip());
    }

    @Test
    void anUnknownStudyIsOneLineNamingItAndTheStudiesThereAre() throws Exception {
        tinyStudy("");

        assertEquals(ExitCode.BAD_INPUT, reproduce("tinny"));

        assertEquals(1, stderr().lines().count(), stderr());
        assertTrue(stderr().contains("study 'tinny': no such study") && stderr().contains("(known: tiny)"), stderr());
    }

    @Test
    void anUnknownScaleIsOneLineNamingItAndTheChoices() throws Exception {
        tinyStudy("");

        assertEquals(ExitCode.BAD_INPUT, reproduce("tiny", "--scale", "huge"));

        assertEquals("error: option '--scale' = 'huge': expected one of smoke, local", stderr().strip());
    }

    @Test
    void aPaperFigureOfAMetricTheTableDoesNotShowIsOneLineNamingTheField() throws Exception {
        tinyStudy("");
        Path manifest = home.resolve("workloads/studies/tiny/study.yaml");
        Files.writeString(manifest, Files.readString(manifest).replace("metric: publishRate", "metric: consumeRate"));

        assertEquals(ExitCode.BAD_INPUT, reproduce("tiny", "--scale", "smoke"));

        assertEquals(1, stderr().lines().count(), stderr());
        assertTrue(stderr().contains("study.yaml") && stderr().contains("runs[0].paper[0].metric")
                && stderr().contains("consumeRate"), stderr());
    }

    @Test
    void anOutputDirectoryWithFilesInItIsRefusedSoNoEarlierResultMixesIn() throws Exception {
        tinyStudy("");
        Path output = Files.createDirectories(home.resolve("out"));
        Files.writeString(output.resolve("old.json"), "{}");

        assertEquals(ExitCode.BAD_INPUT, reproduce("tiny", "--scale", "smoke", "-o", output.toString()));

        assertEquals("error: option '--output' = '" + output + "': not empty (an earlier study's results would mix in):"
                + " give a new directory", stderr().strip());
    }

    @Test
    void listNamesEveryStudyWithItsTitle() throws Exception {
        tinyStudy("");

        assertEquals(ExitCode.OK, reproduce("--list"));

        assertEquals("tiny  A tiny study", out.toString(StandardCharsets.UTF_8).strip());
    }

    private static List<Path> results(Path output) throws IOException {
        try (Stream<Path> files = Files.walk(output)) {
            return files.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith("-summary.json")).toList();
        }
    }
}
