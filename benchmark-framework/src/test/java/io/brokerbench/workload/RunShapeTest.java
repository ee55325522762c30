package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.brokerbench.testing.TestFiles;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of workload, and the one shape it is decided to have. */
class RunShapeTest {

    @TempDir
    Path dir;

    @Test
    void aRateIsTimedAndZeroUnthrottledIsTimedAsFastAsPossible() {
        assertEquals(new RunShape.Timed(2000), TestFiles.workload(dir, "").shape());
        assertEquals(new RunShape.Timed(0), TestFiles.workload(dir, "producerRate: 0\nunthrottled: true\n").shape());
    }

    @Test
    void rateZeroSearchesWithTheWorkloadsWindowProbeAndObjectives() {
        RunShape shape = TestFiles.workload(dir, "producerRate: 0\nrateSearchWindowSeconds: 3\nrateSearchProbeSeconds: 7\n"
                + "rateSearchObjectives: {endToEndP99Millis: 20}\n").shape();
        RunShape.Searched search = assertInstanceOf(RunShape.Searched.class, shape);
        assertEquals(Duration.ofSeconds(3), search.window());
        assertEquals(Duration.ofSeconds(7), search.probe());
        assertEquals(10_000, search.startRate());
        assertEquals(Double.valueOf(20), search.objectives().endToEndP99Millis());
    }

    @Test
    void phasesAndARampArePhasedAndStartAtTheirFirstRate() {
        RunShape phases = TestFiles.workloadOf(dir, "phases: [{durationSeconds: 2, rate: 500}, {durationSeconds: 2, rate: 900}]\n")
                .shape();
        assertEquals(500, assertInstanceOf(RunShape.Phased.class, phases).startRate());
        RunShape ramp = TestFiles.workload(dir, "producerStartRate: 100\nproducerIncrementRate: 100\n"
                + "producerIncrementSeconds: 1\n").shape();
        assertEquals(100, assertInstanceOf(RunShape.Phased.class, ramp).startRate());
    }

    @Test
    void aMessageCountIsCountBoundedAlsoAtRateZero() {
        assertEquals(new RunShape.CountBounded(5000, 0), TestFiles.workload(dir, "producerRate: 0\ntestMessages: 5000\n").shape());
    }
}
