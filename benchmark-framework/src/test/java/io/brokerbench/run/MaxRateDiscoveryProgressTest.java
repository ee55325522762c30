package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.testing.CollectingListener;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a max-rate search tells its listener for a progress display: each window before it is measured. */
class MaxRateDiscoveryProgressTest {

    @TempDir
    Path dir;

    @Test
    void everyWindowIsAnnouncedWithItsNumberItsBoundAndTheBracketSoFar() {
        ManualClock clock = new ManualClock(1_000_000_000_000L);
        SimulatedWorker worker = new SimulatedWorker(clock);
        worker.consumeRate = 37_000;
        CollectingListener listener = new CollectingListener();
        RunRecord run = SimulatedRuns.run(TestFiles.workload(dir, "producerRate: 0\nwarmupDurationSeconds: 0\n"
                + "testDurationSeconds: 20\nreportingIntervalSeconds: 10\nsubscriptionsPerTopic: 1\n"), worker, clock, listener);

        assertTrue(run.complete(), run.incompleteReason());
        List<SearchProgress> announced = listener.searchProgress();
        assertEquals(run.discoveredRate().windows().size(), announced.size());
        for (int i = 0; i < announced.size(); i++) {
            assertEquals(i + 1, announced.get(i).window());
            assertEquals(40, announced.get(i).maxWindows());
        }
        SearchProgress first = announced.get(0);
        assertEquals(0, first.lowerBound());
        assertEquals(Double.POSITIVE_INFINITY, first.upperBound());
        SearchProgress last = announced.get(announced.size() - 1);
        assertTrue(last.lowerBound() > 0 && last.upperBound() < Double.POSITIVE_INFINITY, last.toString());
        assertEquals(run.discoveredRate().result().rate(), last.lowerBound(), "the last window confirms the rate found");
    }
}
