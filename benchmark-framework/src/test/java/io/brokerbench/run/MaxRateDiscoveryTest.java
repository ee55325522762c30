package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.run.IntervalPoint.Phase;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code producerRate: 0} as a whole run against a {@link SimulatedWorker} whose consumers take at most
 * a given rate: the search finds that capacity, drains what overran, and the run measures at it.
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
        assertTrue(found.result().converged());
        // a rate holds while its backlog grows by at most the tolerance (1 %) of what it published; the
        // bounds close to the resolution (2 %)
        assertTrue(found.result().rate() <= 37_000 * 1.01 && found.result().rate() >= 37_000 * 0.97, found.toString());
        assertTrue(found.result().upperBound() > found.result().rate());
        assertEquals(found.result().windows(), found.windows().size());
        assertTrue(found.windows().stream().anyMatch(w -> !w.held()), "the search overran at least once");
        assertTrue(found.windows().stream().anyMatch(w -> w.next().startsWith("drain")), "and drained what overran");
        // each window lasts its 2 s, after the in-flight messages settled (for the 2 ms end-to-end latency)
        assertTrue(found.windows().stream().allMatch(w -> w.observed().seconds() == 2.0), found.toString());
        assertTrue(run.intervals(Phase.SEARCH).stream().anyMatch(p -> Math.abs(p.seconds() - 0.002) < 1e-9));
        // then the measured phase at the rate found
        assertEquals(found.result().rate(), run.measuredSent() / run.measuredSeconds(), 1);
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("rate search: start at 10,000 msg/s")));
        assertTrue(listener.notes().stream().anyMatch(n -> n.startsWith("rate search: sustainable ")), listener.notes()
                .toString());
    }

    @Test
    void consumersThatStopDrainingFailTheRunWithOneLine() {
        worker.consumeRate = 15_000;
        worker.neverDelivered = 1_000_000; // nothing ever arrives: the first overrun cannot drain
        RunRecord run = run("producerRate: 0\nwarmupDurationSeconds: 0\ntestDurationSeconds: 20\n"
                + "subscriptionsPerTopic: 1\n");

        assertFalse(run.complete());
        assertTrue(run.incompleteReason().startsWith("max-rate search: consumers stopped draining"),
                run.incompleteReason());
    }

    private RunRecord run(String workloadYaml) {
        return SimulatedRuns.run(TestFiles.workload(dir, workloadYaml), worker, clock, listener);
    }
}
