package io.brokerbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.cli.CompareMain;
import io.brokerbench.stats.LatencyHistograms;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
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

    /** Three runs of one side: rates around {@code rate}, end-to-end latencies around {@code e2eMillis}. */
    private Path side(String name, double rate, double e2eMillis, String workload) throws IOException {
        return side(name, rate, e2eMillis, workload, Double.NaN);
    }

    /** As above, each run with a leader kill whose acknowledgements stopped for about {@code unavailable} s (NaN: no fault). */
    private Path side(String name, double rate, double e2eMillis, String workload, double unavailable) throws IOException {
        Path side = Files.createDirectory(dir.resolve(name));
        Random random = new Random(name.hashCode());
        for (int run = 1; run <= 3; run++) {
            double published = rate * (1 + (run - 2) * 0.01);
            String fault = Double.isNaN(unavailable) ? "" : String.format(Locale.ROOT, "\"faults\": [{\"index\": 1,"
                    + " \"action\": \"kill\", \"target\": \"leader\", \"atSeconds\": 10, \"applied\": true,"
                    + " \"unavailableSeconds\": %.2f, \"recoveredAfterSeconds\": %.2f}],", unavailable + (run - 2) * 0.2,
                    unavailable + 2 + (run - 2) * 0.2);
            Files.writeString(side.resolve("r" + run + ".json"), String.format(Locale.ROOT, """
                    {%s"workload": "%s", "driver": "Kafka", "messageSize": 100, "complete": true, "publishRate": [%.1f],
                     "measured": {"seconds": 30.0, "publishRate": %.1f, "consumeRate": %.1f},
                     "loadGenerator": {"processCpuMicrosPerMessage": 0.6},
                     "histogramLog": "r%d.hlog", "workloadConfig": {"name": "%s", "producerRate": 1000}}
                    """, fault, workload, published, published, published, run, workload));
            Histogram e2e = LatencyHistograms.newHistogram();
            for (int i = 0; i < 20_000; i++) {
                e2e.recordValue((long) (e2eMillis * 1000 * (0.5 + random.nextDouble())));
            }
            e2e.setTag("measure.endToEndLatency");
            try (PrintStream log = new PrintStream(Files.newOutputStream(side.resolve("r" + run + ".hlog")), true,
                    StandardCharsets.UTF_8)) {
                HistogramLogWriter writer = new HistogramLogWriter(log);
                writer.outputStartTime(0);
                writer.outputIntervalHistogram(0, 30, e2e, 1000.0);
            }
        }
        return side;
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
}
