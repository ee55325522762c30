package io.brokerbench.metrics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JvmSamplerTest {

    @Test
    void pausesAreCountedConcurrentCyclesAreNot() {
        for (String pausing : new String[] {"G1 Young Generation", "G1 Old Generation", "ZGC Pauses", "Shenandoah Pauses",
                "PS Scavenge", "Copy"}) {
            assertTrue(JvmSampler.stopsTheApplication(pausing), pausing);
        }
        for (String concurrent : new String[] {"G1 Concurrent GC", "ZGC Cycles", "Shenandoah Cycles"}) {
            assertFalse(JvmSampler.stopsTheApplication(concurrent), concurrent);
        }
    }

    @Test
    void aSampleOfThisJvm() {
        System.gc();
        JvmSample sample = JvmSampler.sample();
        assertTrue(sample.heapUsedBytes() > 0 && sample.heapCommittedBytes() >= sample.heapUsedBytes(), sample.toString());
        assertTrue(sample.gcPauses() > 0, "System.gc() paused: " + sample);
        assertTrue(sample.threads() > 0, sample.toString());
    }
}
