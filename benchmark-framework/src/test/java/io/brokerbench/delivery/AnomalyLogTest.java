package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AnomalyLogTest {

    @Test
    void consecutiveNumbersShareARunAndRepeatsAreKept() {
        AnomalyLog log = new AnomalyLog(3);
        for (long sequence : new long[] {10, 11, 12, 4, 10, 11}) {
            log.add(2, sequence);
        }
        long[][] runs = log.toRuns();
        assertArrayEquals(new long[0], runs[0]);
        assertArrayEquals(new long[] {10, 13, 4, 5, 10, 12}, runs[2]);
        assertEquals(6, AnomalyLog.countIn(runs[2], 0, 100), "every noting counted, repeats too");
        assertEquals(3, AnomalyLog.countIn(runs[2], 11, 13));
        assertEquals(1, AnomalyLog.countIn(runs[2], 0, 10));
        assertTrue(log.complete());
    }

    @Test
    void aFullLogStopsListingAndSaysSo() {
        AnomalyLog log = new AnomalyLog(1);
        for (int i = 0; i < AnomalyLog.MAX_RUNS; i++) {
            log.add(0, 2L * i); // every other number: a run each
        }
        assertTrue(log.complete());
        log.add(0, 2L * AnomalyLog.MAX_RUNS - 1); // extends the last run: still room
        assertTrue(log.complete());
        log.add(0, 1);
        assertFalse(log.complete());
        assertEquals(2 * AnomalyLog.MAX_RUNS, log.toRuns()[0].length);
    }
}
