package io.brokerbench.testing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerbench.stats.LatencyHistograms;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The conformance suite's resolution check tells microsecond measurements from millisecond ones. */
class DriverConformanceTest {

    private final Random random = new Random(42);

    @Test
    void latenciesFromAMicrosecondClockPass() {
        Histogram histogram = LatencyHistograms.newHistogram();
        for (int i = 0; i < 5000; i++) {
            histogram.recordValue(1500 + random.nextInt(100_000));
        }
        assertDoesNotThrow(() -> DriverConformance.assertMicrosecondResolution(histogram));
    }

    @Test
    void latenciesOnTheMillisecondGridFail() {
        Histogram histogram = LatencyHistograms.newHistogram();
        for (int i = 0; i < 5000; i++) {
            histogram.recordValue(1000L * (1 + random.nextInt(130)));
        }
        assertThrows(AssertionFailedError.class, () -> DriverConformance.assertMicrosecondResolution(histogram));
    }

    @Test
    void noLatencySmallEnoughToJudgeFails() {
        Histogram histogram = LatencyHistograms.newHistogram();
        histogram.recordValue(500_123);
        assertThrows(AssertionFailedError.class, () -> DriverConformance.assertMicrosecondResolution(histogram));
    }
}
