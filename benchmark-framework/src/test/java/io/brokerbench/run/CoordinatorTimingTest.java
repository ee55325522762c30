package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.CoordinatorTiming;
import org.junit.jupiter.api.Test;

class CoordinatorTimingTest {

    private static final long MS = 1_000_000L;

    @Test
    void lateIntervalsAreToldOncePerEpisodeAndCounted() {
        CoordinatorTiming timing = new CoordinatorTiming();
        assertNull(timing.interval(5 * MS, 4 * MS, 16, 1.0));
        String late = timing.interval(4_200 * MS, 4_100 * MS, 16, 2.0);
        assertTrue(late.startsWith("coordinator late: the interval ending at 2.0 s was reported 4,200 ms after its end"
                + " (the snapshot round over 16 worker(s) took 4,100 ms)"), late);
        assertNull(timing.interval(900 * MS, 800 * MS, 16, 3.0), "still late: nothing new to say");
        assertEquals("coordinator on time again at 4.0 s", timing.interval(20 * MS, 10 * MS, 16, 4.0));
        assertEquals(4, timing.getSnapshotRounds());
        assertEquals(2, timing.getLateIntervals());
        assertEquals(4_200.0, timing.getLatestIntervalMillis());
        assertEquals(4_100.0, timing.getSnapshotRoundMillisMax());
        assertEquals((4 + 4_100 + 800 + 10) / 4.0, timing.getSnapshotRoundMillisMean());
    }

    @Test
    void aPhaseThatRanLongerThanPlannedIsNamedAndKept() {
        CoordinatorTiming timing = new CoordinatorTiming();
        assertNull(timing.phaseEnded("warmup", 5_000 * MS, 5_050 * MS), "50 ms over is scheduling, not lateness");
        assertEquals("the warmup phase ran 13.000 s, planned 5.000 s", timing.phaseEnded("warmup", 5_000 * MS, 13_000 * MS));
        assertEquals(1, timing.getPhaseOverruns().size());
        assertEquals(new CoordinatorTiming.Overrun("warmup", 5.0, 13.0), timing.getPhaseOverruns().get(0));
    }
}
