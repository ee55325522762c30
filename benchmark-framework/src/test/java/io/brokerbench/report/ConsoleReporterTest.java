package io.brokerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The end-of-run summary of runs against a simulated worker: the max-rate search's windows and the rate phases. */
class ConsoleReporterTest {

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000_000_000L);

    @Test
    void theSummaryListsEverySearchWindowWithWhatItAchievedAndTheVerdict() {
        SimulatedWorker capped = new SimulatedWorker(clock);
        capped.consumeRate = 37_000;
        RunRecord run = SimulatedRuns.run(TestFiles.workload(dir, "producerRate: 0\ntestDurationSeconds: 10\n"), capped,
                clock, new CollectingListener());
        List<String> lines = summary(run);

        DiscoveredRate found = run.discoveredRate();
        assertTrue(lines.contains("  rate search: " + found.result().describe()), lines.toString());
        for (int i = 0; i < found.windows().size(); i++) {
            DiscoveredRate.Window window = found.windows().get(i);
            String start = String.format("    %6d %,12.0f %,12.0f %,12.0f", i + 1, window.observed().targetRate(),
                    window.observed().publishRate(), window.observed().consumeRate());
            String line = lines.stream().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(
                    "no line for window " + start + " in " + lines));
            assertTrue(line.endsWith((window.held() ? "   held  " : " failed  ") + window.next()), line);
        }
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("  rate phase ")));
    }

    @Test
    void theSummaryHasALinePerRatePhase() {
        RunRecord run = SimulatedRuns.run(TestFiles.workload(dir, "producerStartRate: 1000\nproducerIncrementRate: 1000\n"
                + "producerIncrementSeconds: 2\nproducerRate: 3000\ntestDurationSeconds: 8\n"), new SimulatedWorker(clock),
                clock, new CollectingListener());
        List<String> lines = summary(run);

        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  rate phase ")), lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("  rate search:")));
        List<RatePhaseSummary> phases = run.ratePhases();
        assertEquals(3, phases.size());
        for (RatePhaseSummary phase : phases) {
            String start = String.format(Locale.ROOT, "  %-26s %15s %7.1f %,12.0f", phase.name(),
                    String.format("%,.0f", phase.fromRate()), phase.seconds(), phase.sent() / phase.seconds());
            // every phase's own messages judged: all arrived, once and in order
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(start) && l.endsWith(" ms | clean")), start + " in " + lines);
        }
    }

    @Test
    void aPhasesDeliveryLineNamesWhatWentWrongWithItsMessages() {
        assertEquals("not judged", ConsoleReporter.phaseDelivery(null));
        assertEquals("clean (order not judged)", ConsoleReporter.phaseDelivery(new PhaseVerdict(0, 0, 0, -1, true, false)));
        assertEquals("unsent 1,200, never received 3, reordered 2",
                ConsoleReporter.phaseDelivery(new PhaseVerdict(1_200, 3, 0, 2, true, true)));
        assertEquals("never received 1, duplicates and reorderings too many to attribute",
                ConsoleReporter.phaseDelivery(new PhaseVerdict(0, 1, -1, -1, false, true)));
    }

    private static List<String> summary(RunRecord run) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ConsoleReporter(new PrintStream(out, true, StandardCharsets.UTF_8)).finished(run);
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
