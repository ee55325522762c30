package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.measurement.DiscoveredRate;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code producerRate: 0} as a whole run against a {@link SimulatedWorker} whose consumers take at most
 * a given rate: the search probes, finds that capacity, drains what overran, and the run warms up and
 * measures at it.
 */
class MaxRateDiscoveryTest {

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000_000_000L);
    private final SimulatedWorker worker = new SimulatedWorker(clock);
    private final CollectingListener listener = new CollectingListener();

    @Test
    void theSearchConvergesOnTheConsumersCapacityAndTheRunMeasuresThere() {
        worker.consumeRate = 37_000;
        RunRecord run = run("producerRate: 0\nwarmupDurationSeconds: 0\ntestDurationSeconds: 20\n"
                + "reportingIntervalSeconds: 10\nsubscriptionsPerTopic: 1\n");

        assertTrue(run.complete(), run.incompleteReason());
        DiscoveredRate found = run.discoveredRate();
        assertTrue(found.complete());
        assertTrue(found.result().converged());
        // a rate holds while its backlog grows by at most the tolerance (1 %) of what it published; the
        // bounds close to the resolution (2 %)
        assertTrue(found.result().rate() <= 37_000 * 1.01 && found.result().rate() >= 37_000 * 0.97, found.toString());
        assertTrue(found.result().upperBound() > found.result().rate());
        assertEquals(found.result().windows(), found.windows().size());
        assertTrue(found.windows().stream().anyMatch(w -> !w.held()), "the search overran at least once");
        // the probe (two windows by default without a warm-up) measured what the consumers take
        assertEquals(37_000, found.probedRate(), 37_000 * 0.01);
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("rate search: probing the ceiling")));
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("rate search: the probe left")),
                "what the probe overran was drained before the search: " + listener.notes());
        // each window lasts the default 10 s (the reporting interval here is as long), after the in-flight
        // messages settled (for the 2 ms end-to-end latency)
        assertTrue(found.windows().stream().allMatch(w -> w.observed().seconds() == 10.0), found.toString());
        assertTrue(run.intervals(Phase.SEARCH).stream().anyMatch(p -> Math.abs(p.seconds() - 0.002) < 1e-9));
        // then the measured phase at the rate found
        assertEquals(found.result().rate(), run.measuredSent() / run.measuredSeconds(), 1);
        assertEquals(1, listener.notes().stream().filter(n -> n.startsWith("rate search: found ")).count(),
                "one line says what was found and what comes next: " + listener.notes());
        assertTrue(found.result().boundBy() != null && found.result().boundBy().contains("backlog grew"),
                found.result().toString());
    }

    @Test
    void withoutAProbeTheSearchStartsColdAtItsStartRate() {
        worker.consumeRate = 37_000;
        RunRecord run = run("producerRate: 0\nwarmupDurationSeconds: 0\ntestDurationSeconds: 20\n"
                + "rateSearchProbeSeconds: 0\nsubscriptionsPerTopic: 1\n");

        assertTrue(run.complete(), run.incompleteReason());
        assertTrue(Double.isNaN(run.discoveredRate().probedRate()));
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("rate search: start at 10,000 msg/s")));
        assertTrue(listener.notes().stream().noneMatch(n -> n.contains("probing")));
        double found = run.discoveredRate().result().rate();
        assertTrue(found <= 37_000 * 1.01 && found >= 37_000 * 0.97, run.discoveredRate().toString());
    }

    @Test
    void theWarmUpRunsAfterTheSearchAtTheRateFound() {
        worker.consumeRate = 50_000;
        RunRecord run = run("producerRate: 0\nwarmupDurationSeconds: 10\ntestDurationSeconds: 20\n"
                + "reportingIntervalSeconds: 10\nrateSearchWindowSeconds: 2\nsubscriptionsPerTopic: 1\n");

        assertTrue(run.complete(), run.incompleteReason());
        List<Phase> order = run.intervals().stream().map(IntervalPoint::phase).distinct().toList();
        assertEquals(List.of(Phase.SEARCH, Phase.WARMUP, Phase.MEASURE), order);
        double found = run.discoveredRate().result().rate();
        for (IntervalPoint warm : run.intervals(Phase.WARMUP)) {
            assertEquals(found, warm.publishRate(), found * 0.001, "the warm-up publishes at the rate found");
        }
        // the probe lasts the warm-up's duration by default: five 2 s windows
        long probeWindows = run.intervals(Phase.SEARCH).stream().filter(p -> p.elapsedSeconds() <= 10.001).count();
        assertEquals(5, probeWindows);
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("rate search: found ")
                && n.endsWith("warming up there for 10 s, then measuring")), listener.notes().toString());
    }

    @Test
    void aLatencyObjectiveBoundsTheSearchBelowTheCapacityAndSaysSo() {
        worker.consumeRate = 500_000;
        // end-to-end latency rises by 1 ms per 10,000 msg/s: 20 ms is reached at 190,000 msg/s
        worker.endToEndMicrosAtRate = rate -> 1_000 + rate / 10;
        RunRecord run = run("producerRate: 0\nwarmupDurationSeconds: 0\ntestDurationSeconds: 20\n"
                + "subscriptionsPerTopic: 1\nrateSearchObjectives:\n  endToEndP99Millis: 20\n");

        assertTrue(run.complete(), run.incompleteReason());
        double found = run.discoveredRate().result().rate();
        assertTrue(found <= 190_000 * 1.001 && found >= 190_000 * 0.97, run.discoveredRate().toString());
        String boundBy = run.discoveredRate().result().boundBy();
        assertNotNull(boundBy);
        assertTrue(boundBy.startsWith("end-to-end p99 ") && boundBy.endsWith(" ms > 20 ms"), boundBy);
        assertTrue(run.discoveredRate().result().describe().contains("bound by end-to-end p99"));
        assertTrue(listener.notes().contains("rate search: objectives: end-to-end p99 ≤ 20 ms"), listener.notes().toString());
    }

    @Test
    void aStopDuringTheSearchKeepsTheWindowsMeasuredSoFarMarkedIncomplete() throws IOException {
        worker.consumeRate = 37_000;
        worker.publishCapacity = 100_000; // the probe overruns little, so the search is soon under way
        RunControl control = new RunControl();
        int[] searchIntervals = {0};
        listener.onInterval(point -> {
            if (point.phase() == Phase.SEARCH && ++searchIntervals[0] == 14) {
                control.requestStop("interrupted by test");
            }
        });
        Path result = dir.resolve("result.json");
        RunRecord run = SimulatedRuns.run(TestFiles.workload(dir, "producerRate: 0\nwarmupDurationSeconds: 0\n"
                + "testDurationSeconds: 20\nreportingIntervalSeconds: 2\nsubscriptionsPerTopic: 1\n"), worker, clock,
                listener, control);
        new io.brokerbench.result.ResultWriter().write(run, result);

        assertFalse(run.complete());
        DiscoveredRate partial = run.discoveredRate();
        assertNotNull(partial, "the windows measured before the stop are kept");
        assertFalse(partial.complete());
        assertFalse(partial.windows().isEmpty());
        JsonNode search = new ObjectMapper().readTree(result.toFile()).path("rateSearch");
        assertFalse(search.path("complete").asBoolean(true));
        assertEquals(partial.windows().size(), search.path("steps").size());
        assertTrue(search.path("steps").get(0).path("endToEndLatencyFromIntended99pct").isNumber());
    }

    @Test
    void consumersThatStopDrainingFailTheRunWithOneLine() {
        worker.consumeRate = 15_000;
        worker.neverDelivered = 1_000_000_000; // nothing ever arrives: what the probe overran cannot drain
        RunRecord run = run("producerRate: 0\nwarmupDurationSeconds: 0\ntestDurationSeconds: 20\n"
                + "subscriptionsPerTopic: 1\n");

        assertFalse(run.complete());
        assertTrue(run.incompleteReason().startsWith("max-rate search: "), run.incompleteReason());
    }

    private RunRecord run(String workloadYaml) {
        return SimulatedRuns.run(TestFiles.workload(dir, workloadYaml), worker, clock, listener);
    }
}
