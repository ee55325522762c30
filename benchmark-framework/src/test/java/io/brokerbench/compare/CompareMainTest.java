package io.brokerbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.CompareMain;
import io.brokerbench.testing.ComparedRuns;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/compare} on result files with histogram logs written here: a candidate whose end-to-end
 * latency is half again the baseline's is worse (and breaks a gate), its publish rate within the
 * runs' spread is no measurable difference; bad input is one line and exit code 2.
 */
class CompareMainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Path side(String name, double rate, double e2eMillis, String workload) throws IOException {
        return ComparedRuns.side(dir, name, rate, e2eMillis, workload, Double.NaN);
    }

    private Path side(String name, double rate, double e2eMillis, String workload, double unavailable) throws IOException {
        return ComparedRuns.side(dir, name, rate, e2eMillis, workload, unavailable);
    }

    private int compare(String... args) {
        return CompareMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String line(String figure) {
        return out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith(figure + " ")).findFirst().orElse("");
    }

    @Test
    void aSlowerCandidateIsWorseAndBreaksTheGateASimilarRateIsNoDifference() throws IOException {
        Path baseline = side("before", 10_000, 10, "w");
        Path candidate = side("after", 10_010, 15, "w");

        int exit = compare(baseline.toString(), candidate.toString(), "--fail-if-worse", "endToEndLatency.p99:5%,publishRate:3%",
                "--json", dir.resolve("comparison.json").toString());

        assertEquals(5, exit, out + "\n" + err);
        assertTrue(line("endToEndLatency.p99").endsWith("worse"), line("endToEndLatency.p99"));
        assertTrue(line("publishRate").endsWith("no difference measurable"), line("publishRate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("regression: endToEndLatency.p99 worse by "), err.toString());
        assertTrue(Files.readString(dir.resolve("comparison.json")).contains("\"gateBroken\""));
    }

    @Test
    void aLongerOutageInAFaultIsWorseAndCanBeGated() throws IOException {
        Path baseline = side("quick", 10_000, 10, "w", 9.5);
        Path candidate = side("slow", 10_000, 10, "w", 14.5);

        int exit = compare(baseline.toString(), candidate.toString(), "--fail-if-worse", "fault1.unavailableSeconds:10%");

        assertEquals(5, exit, out + "\n" + err);
        assertTrue(line("fault1.unavailableSeconds").endsWith("worse"), out.toString());
        assertTrue(line("fault1.recoveredAfterSeconds").endsWith("worse"), out.toString());
    }

    @Test
    void withinTheGateTheExitCodeIsZero() throws IOException {
        assertEquals(0, compare(side("before", 10_000, 10, "w").toString(), side("after", 10_010, 10, "w").toString(),
                "--fail-if-worse", "endToEndLatency.p99:5%"), out + "\n" + err);
    }

    @Test
    void differentWorkloadsAnUnknownFigureAndASweepAreOneLineErrors() throws IOException {
        Path a = side("a", 10_000, 10, "w");
        Path b = side("b", 10_000, 10, "other");
        assertEquals(2, compare(a.toString(), b.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).strip().lines().count() == 1
                && err.toString(StandardCharsets.UTF_8).contains("--allow-different-workloads"), err.toString());

        err.reset();
        Path c = side("c", 10_000, 10, "w");
        assertEquals(2, compare(a.toString(), c.toString(), "--fail-if-worse", "latency:5%"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no figure 'latency'"), err.toString());

        err.reset();
        Path sweep = Files.writeString(dir.resolve("x-sweep.json"), "{\"schema\": \"brokerbench-sweep/1\", \"steps\": []}");
        assertEquals(2, compare(sweep.toString(), c.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("a sweep result"), err.toString());
    }

    @Test
    void twoSweepsAreComparedStepByStepAndTheGateCoversEveryStep() throws IOException {
        Path baseline = ComparedRuns.sweep(dir, "before", "w", new double[] {1000, 2000}, null, new double[] {10, 10});
        Path candidate = ComparedRuns.sweep(dir, "after", "w", new double[] {1000, 2000}, null, new double[] {10, 15});

        int exit = compare(baseline.toString(), candidate.toString(), "--fail-if-worse", "endToEndLatency.p99:5%",
                "--json", dir.resolve("comparison.json").toString());

        assertEquals(5, exit, out + "\n" + err);
        String console = out.toString(StandardCharsets.UTF_8);
        assertTrue(console.contains("step 1,000 msg/s:\n") && console.contains("step 2,000 msg/s:\n"), console);
        assertEquals("regression: step 2,000 msg/s: endToEndLatency.p99 worse by", err.toString(StandardCharsets.UTF_8)
                .strip().replaceAll(" [0-9.]+ %.*", ""), err.toString());
        JsonNode json = new ObjectMapper().readTree(dir.resolve("comparison.json").toFile());
        assertEquals(2, json.path("steps").size(), json.toString());
        assertEquals("2,000 msg/s", json.path("steps").path(1).path("step").asText());
        assertEquals(1, json.path("gateBroken").size(), json.toString());
    }

    @Test
    void sweepsOfPercentagesOfTheirOwnMaximaAreMatchedByPercentage() throws IOException {
        Path baseline = ComparedRuns.sweep(dir, "before", "w", new double[] {1000, 2000}, new double[] {50, 100},
                new double[] {10, 10});
        Path candidate = ComparedRuns.sweep(dir, "after", "w", new double[] {1100, 2200}, new double[] {50, 100},
                new double[] {10, 10});

        assertEquals(0, compare(baseline.toString(), candidate.toString()), out + "\n" + err);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("step 50 % of max:\n"), out.toString());
    }

    @Test
    void sweepsOfDifferentStepsAreRefusedInOneLine() throws IOException {
        Path baseline = ComparedRuns.sweep(dir, "before", "w", new double[] {1000, 2000}, null, new double[] {10, 10});
        Path candidate = ComparedRuns.sweep(dir, "after", "w", new double[] {1000, 3000}, null, new double[] {10, 10});

        assertEquals(2, compare(baseline.toString(), candidate.toString()));
        String error = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, error.lines().count(), error);
        assertTrue(error.contains("the sweeps' steps differ") && error.contains("1,000 msg/s, 3,000 msg/s"), error);

        err.reset();
        Path empty = Files.writeString(dir.resolve("empty-sweep.json"), "{\"schema\": \"brokerbench-sweep/1\", \"steps\": []}");
        assertEquals(2, compare(empty.toString(), empty.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("a sweep without steps"), err.toString());
    }
}
