package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.progress.ProgressLine;
import io.brokerbench.progress.ProgressMode;
import io.brokerbench.run.RunControl;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import io.brokerbench.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweeps whose runs are whole runs against {@link SimulatedWorker}s (consumers that take at most
 * 37,000 msg/s) on a clock that moves only when a run waits: a search and its steps take milliseconds.
 */
class SweepRunTest {

    private static final String WORKLOAD = "warmupDurationSeconds: 0\ntestDurationSeconds: 10\nreportingIntervalSeconds: 2\n";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000_000_000L);
    private final List<Workload> ran = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final StringWriter err = new StringWriter();
    private final ObjectMapper mapper = new ObjectMapper();
    /** Messages the simulated consumers never receive, as against a broker that keeps them. */
    private long neverDelivered;
    /** The simulated end-to-end latency at a publish rate, µs. */
    private DoubleUnaryOperator endToEndMicros = rate -> SimulatedWorker.END_TO_END_MICROS;

    @Test
    void withoutMaxRateTheSweepFirstSearchesAndTakesTheSustainableRateAs100Percent() throws IOException {
        int exit = sweep("sweep:\n  percentOfMax: [50, 100]\n");

        assertEquals(ExitCode.OK, exit, err.toString());
        assertEquals(3, ran.size());
        assertTrue(ran.get(0).searchesMaxRate(), "first the max-rate search, at producerRate 0");
        JsonNode search = mapper.readTree(dir.resolve("sw-search.json").toFile()).get("rateSearch");
        double found = search.get("sustainableRate").asDouble();
        assertTrue(found >= 37_000 * 0.97 && found <= 37_000 * 1.01, search.toString());
        assertEquals(found / 2, ran.get(1).producerRate(), 1e-9);
        assertEquals(found, ran.get(2).producerRate(), 1e-9);

        JsonNode sweep = mapper.readTree(dir.resolve("sw-sweep.json").toFile());
        JsonNode maximum = sweep.get("maximum");
        assertTrue(maximum.get("discovered").asBoolean());
        assertEquals(found, maximum.get("rate").asDouble(), 1e-9);
        assertEquals(search.get("upperBound").asDouble(), maximum.get("upperBound").asDouble(), 1e-9);
        assertEquals(search.get("relativeUncertainty").asDouble(), maximum.get("relativeUncertainty").asDouble(), 1e-12);
        assertTrue(maximum.get("relativeUncertainty").asDouble() > 0 && maximum.get("relativeUncertainty").asDouble() <= 0.01);
        assertTrue(maximum.get("converged").asBoolean());
        assertEquals("sw-search.json", maximum.get("file").asText());
        assertEquals(50.0, sweep.get("steps").get(0).get("percentOfMax").asDouble());
        assertEquals(100.0, sweep.get("steps").get(1).get("percentOfMax").asDouble());
        assertEquals(found, sweep.get("steps").get(1).get("publishRate").asDouble(), found * 0.01);
        String console = out.toString(StandardCharsets.UTF_8);
        assertTrue(console.contains("sweep: 100 % is the discovered "), console);
        assertTrue(console.contains(String.format(Locale.ROOT, "100 %% = %,.0f msg/s, discovered by a max-rate search (fails at ", found)),
                console);
        String page = Files.readString(dir.resolve("sw-sweep.html"));
        assertTrue(page.contains("discovered by a max-rate search") && page.contains("sw-search.json"));
        assertTrue(page.contains("<th>% of max</th>"));
    }

    @Test
    void aGivenMaxRateIsRecordedAsGivenAndNothingIsSearched() throws IOException {
        int exit = sweep("sweep:\n  percentOfMax: [50]\n  maxRate: 20000\n");

        assertEquals(ExitCode.OK, exit, err.toString());
        assertEquals(1, ran.size());
        assertEquals(10_000, ran.get(0).producerRate(), 1e-9);
        assertFalse(Files.exists(dir.resolve("sw-search.json")));
        JsonNode maximum = mapper.readTree(dir.resolve("sw-sweep.json").toFile()).get("maximum");
        assertEquals(20_000, maximum.get("rate").asDouble());
        assertFalse(maximum.get("discovered").asBoolean());
        assertFalse(maximum.has("relativeUncertainty"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("100 % = 20,000 msg/s, given as maxRate"));
    }

    @Test
    void aSweepOfRatesHasNoMaximum() throws IOException {
        assertEquals(ExitCode.OK, sweep("sweep:\n  rates: [1000]\n"), err.toString());
        assertFalse(mapper.readTree(dir.resolve("sw-sweep.json").toFile()).has("maximum"));
    }

    @Test
    void withRepeatEachStepRunsNTimesAndTheSweepCarriesItsMeanAndConfidenceInterval() throws IOException {
        int exit = sweep("sweep:\n  percentOfMax: [50, 100]\n", 3);

        assertEquals(ExitCode.OK, exit, err.toString());
        assertEquals(1 + 2 * 3, ran.size(), "one search, then each step three times");
        for (int step = 1; step <= 2; step++) {
            for (int run = 1; run <= 3; run++) {
                assertTrue(Files.exists(dir.resolve("sw-step" + step + "-run" + run + ".json")));
                assertEquals(ran.get(step * 3 - 2).producerRate(), ran.get(step * 3 - 3 + run).producerRate());
            }
        }
        JsonNode sweep = mapper.readTree(dir.resolve("sw-sweep.json").toFile());
        JsonNode first = sweep.get("steps").get(0);
        assertEquals("sw-step1-run1.json", first.get("file").asText());
        assertEquals(3, first.get("repeats").get("runsSummarised").asInt());
        JsonNode published = first.get("repeats").get("metrics").get("measured.publishRate");
        assertEquals(3, published.get("values").size());
        // the simulated broker does exactly the same every time: a confidence interval of no width
        assertEquals(first.get("publishRate").asDouble(), published.get("ci95Low").asDouble(), 0.001);
        assertEquals(first.get("publishRate").asDouble(), published.get("ci95High").asDouble(), 0.001);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("mean of 3 of 3 run(s), 95 % confidence half-width:"
                + " published ±0.000 msg/s, e2e p99 ±0.000 ms"), out.toString());
        assertTrue(Files.readString(dir.resolve("sw-sweep.html")).contains(" ± 0 "));
    }

    @Test
    void theProgressShowsTheSearchForTheMaximumThenEachStepAndEachRunOfIt() {
        assertEquals(ExitCode.OK, sweep("sweep:\n  percentOfMax: [50, 100]\n", 2), err.toString());

        String half = String.format("(%,.0f msg/s)", ran.get(1).producerRate());
        String full = String.format("(%,.0f msg/s)", ran.get(3).producerRate());
        List<String> shown = out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("progress: "))
                .map(l -> l.substring(l.indexOf(" | ") + 3)).toList();
        assertEquals(List.of("sweep step 0 of 2 (searching for the maximum rate)",
                "sweep step 1 of 2 " + half, "sweep step 1 of 2 " + half + " > run 1 of 2",
                "sweep step 1 of 2 " + half + " > run 2 of 2",
                "sweep step 2 of 2 " + full, "sweep step 2 of 2 " + full + " > run 1 of 2",
                "sweep step 2 of 2 " + full + " > run 2 of 2"), shown);
    }

    @Test
    void aSearchThatFindsNoMaximumRunsNoStepAndSaysSoInOneLine() {
        neverDelivered = 1_000_000; // nothing arrives: the first overrun never drains and the search fails
        int exit = sweep("sweep:\n  percentOfMax: [50, 100]\n");

        assertEquals(ExitCode.RUN_FAILED, exit);
        assertEquals(1, ran.size());
        assertTrue(Files.exists(dir.resolve("sw-search.json")), "the failed search's result is kept");
        assertFalse(Files.exists(dir.resolve("sw-sweep.json")));
        assertTrue(err.toString().startsWith("error: sweep of test: the max-rate search found no maximum (see "), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }

    @Test
    void theSweepMarksWhereEachObjectiveIsFirstBrokenAndTheReportDrawsIt() throws IOException {
        endToEndMicros = rate -> 1_000 + rate / 10; // 2, 3 and 4 ms at 10,000, 20,000 and 30,000 msg/s
        int exit = sweep("sweep:\n  rates: [10000, 20000, 30000]\n"
                + "rateSearchObjectives:\n  endToEndP99Millis: 3.5\n  noFailedSends: true\n");

        assertEquals(ExitCode.OK, exit, err.toString());
        JsonNode objectives = mapper.readTree(dir.resolve("sw-sweep.json").toFile()).get("objectives");
        assertEquals(2, objectives.size());
        JsonNode latency = objectives.get(0);
        assertEquals("end-to-end p99 ≤ 3.5 ms", latency.get("objective").asText());
        assertEquals(2, latency.get("firstBrokenStep").asInt(), "3 ms at 20,000 msg/s still meets it, 4 ms does not");
        assertEquals(30_000, latency.get("targetRate").asDouble());
        assertEquals(4.0, latency.get("measured").asDouble(), 0.01);
        assertEquals("endToEndLatencyFromIntended", latency.get("metric").asText());
        assertTrue(objectives.get(1).get("firstBrokenStep").isNull(), "no send failed");
        String console = out.toString(StandardCharsets.UTF_8);
        assertTrue(console.contains("objective end-to-end p99 ≤ 3.5 ms: first broken at step 3, 30,000 msg/s published (4.00"),
                console);
        assertTrue(console.contains("objective no failed sends: met at every step"), console);
        String page = Files.readString(dir.resolve("sw-sweep.html"));
        assertTrue(page.contains("objective: end-to-end p99 ≤ 3.5 ms") && page.contains("end-to-end p99 broken"), page);
    }

    private int sweep(String sweepYaml) {
        return sweep(sweepYaml, 1);
    }

    private int sweep(String sweepYaml, int repeat) {
        Workload workload = TestFiles.workload(dir, WORKLOAD + sweepYaml);
        PrintStream console = new PrintStream(out, true, StandardCharsets.UTF_8);
        SweepRun sweep = new SweepRun(this::run, dir::resolve, new RunControl(), console, new PrintWriter(err, true),
                repeat, new ProgressLine(console, ProgressMode.PLAIN, clock, 200));
        return sweep.run(workload, dir.resolve("workload.yaml"), Map.of(), "sw");
    }

    /** One run against a fresh simulated worker, its result written as the command line writes it. */
    private int run(Workload workload, Path target, String label) {
        ran.add(workload);
        SimulatedWorker worker = new SimulatedWorker(clock);
        worker.consumeRate = 37_000;
        worker.neverDelivered = neverDelivered;
        worker.endToEndMicrosAtRate = endToEndMicros;
        RunRecord record = SimulatedRuns.runAndWrite(workload, worker, clock, target);
        if (!record.complete()) {
            return ExitCode.RUN_FAILED;
        }
        return record.deliveredCleanly() ? ExitCode.OK : ExitCode.DELIVERY_FAILED;
    }
}
