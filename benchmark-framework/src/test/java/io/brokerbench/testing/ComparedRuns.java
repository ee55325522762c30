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
}
