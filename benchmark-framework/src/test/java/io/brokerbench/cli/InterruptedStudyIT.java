package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.testing.CtrlC;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C during a study: the run in progress keeps its result, and the comparison of it is still written. */
@Timeout(120)
class InterruptedStudyIT {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path home;

    @Test
    void sigintDuringAStudyStillWritesTheComparisonOfWhatWasMeasured() throws Exception {
        // a study of two 10-minute runs on the in-memory driver, in a project home of this test's own
        Path study = Files.createDirectories(home.resolve("workloads/studies/long"));
        TestFiles.write(study, "w.yaml", "name: long workload\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 2000\nwarmupDurationSeconds: 0\ntestDurationSeconds: 600\n"
                + "reportingIntervalSeconds: 1\n");
        TestFiles.write(study, "study.yaml", "title: A long study\nsource: a test\nmeasured: nothing much\n"
                + "scales:\n  smoke:\n    repetitions: 1\n  local:\n    repetitions: 2\n"
                + "compare: [publishRate]\n"
                + "runs:\n  - driver: " + HOME.resolve("driver-inmemory/inmemory.yaml") + "\n"
                + "    workload: workloads/studies/long/w.yaml\n");
        Path output = home.resolve("out");
        // the payload file is found from the working directory, the real project
        CtrlC.Interrupted interrupted = CtrlC.duringMeasurement(HOME, List.of("-Dbenchmark.home=" + home), ReproduceMain.class,
                List.of("long", "-o", output.toString()));

        assertEquals(ExitCode.INTERRUPTED, interrupted.exitCode(), interrupted.console());
        // the first repetition was measuring: its result is kept, the second never started
        String table = Files.readString(output.resolve("comparison.md"));
        assertTrue(table.contains("| 1 | InMemory | long workload |"), table);
        assertTrue(table.contains("interrupted"), table);
        try (var results = Files.list(output.resolve("01-inmemory"))) {
            List<String> names = results.map(p -> p.getFileName().toString()).toList();
            assertEquals(1, names.stream().filter(n -> n.endsWith("-run1.json")).count(), names.toString());
            assertFalse(names.stream().anyMatch(n -> n.endsWith("-run2.json")), names.toString());
        }
    }
}
