package io.brokerbench.testing;

import io.brokerbench.stats.LatencyHistograms;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Sides for {@code bin/compare} written here: three result files with their histogram logs, so that
 * what a comparison must find (a slower side, a longer outage) is known beforehand.
 */
public final class ComparedRuns {

    private ComparedRuns() {
    }

    /**
     * Three runs in {@code dir/name}: rates around {@code rate} (±1 %), end-to-end latencies spread
     * evenly over half to one and a half times {@code e2eMillis}, and, unless {@code unavailable} is
     * NaN, a leader kill whose acknowledgements stopped for about that many seconds.
     */
    public static Path side(Path dir, String name, double rate, double e2eMillis, String workload, double unavailable)
            throws IOException {
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

    /**
     * A sweep in {@code dir/name}: a {@code x-sweep.json} whose step {@code i} targets {@code targets[i]}
     * msg/s ({@code percents[i]} % of a maximum unless {@code percents} is null) and has three runs
     * written by {@link #side} with end-to-end latencies around {@code e2eMillis[i]}. Returns the sweep file.
     */
    public static Path sweep(Path dir, String name, String workload, double[] targets, double[] percents, double[] e2eMillis)
            throws IOException {
        Path sweep = Files.createDirectory(dir.resolve(name));
        StringBuilder steps = new StringBuilder();
        for (int i = 0; i < targets.length; i++) {
            side(sweep, "step" + i, targets[i], e2eMillis[i], workload, Double.NaN);
            steps.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, """
                    {"file": "step%d/r1.json", "targetRate": %.1f, %s"complete": true, "deliveredCleanly": true,
                     "sentDeliveredCleanly": true, "repeats": {"runs": [{"file": "step%d/r1.json", "complete": true},
                     {"file": "step%d/r2.json", "complete": true}, {"file": "step%d/r3.json", "complete": true}],
                     "runsSummarised": 3}}""", i, targets[i], percents == null ? ""
                    : String.format(Locale.ROOT, "\"percentOfMax\": %.1f, ", percents[i]), i, i, i));
        }
        return Files.writeString(sweep.resolve("x-sweep.json"), String.format(Locale.ROOT,
                "{\"schema\": \"brokerbench-sweep/1\", \"workload\": \"%s\", \"driver\": \"Kafka\", \"steps\": [%s]}",
                workload, steps));
    }
}
