package io.brokerbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PerThreadRecorderTest {

    @Test
    void whatAThreadRecordedIsTakenAfterTheThreadHasEnded() throws Exception {
        PerThreadRecorder recorder = new PerThreadRecorder(2);
        Thread writer = new Thread(() -> {
            recorder.record(10, 20);
            recorder.record(30, 40);
        });
        writer.start();
        writer.join();
        recorder.record(50, 60);

        Histogram first = LatencyHistograms.newHistogram();
        Histogram second = LatencyHistograms.newHistogram();
        recorder.takeIntervals(interval -> {
            first.add(interval[0]);
            second.add(interval[1]);
        });

        assertEquals(3, first.getTotalCount());
        assertEquals(10, first.getMinValue());
        assertEquals(50, first.getMaxValue());
        assertEquals(3, second.getTotalCount());
        assertEquals(60, second.getMaxValue());
    }

    @Test
    void anIntervalHoldsOnlyWhatWasRecordedSinceThePreviousOne() {
        PerThreadRecorder recorder = new PerThreadRecorder(1);
        recorder.record(5);
        recorder.takeIntervals(interval -> assertEquals(1, interval[0].getTotalCount()));
        recorder.record(7);
        recorder.record(-3); // a negative value is kept as 0, not thrown on
        Histogram taken = LatencyHistograms.newHistogram();
        recorder.takeIntervals(interval -> taken.add(interval[0]));
        assertEquals(2, taken.getTotalCount());
        assertEquals(0, taken.getMinValue());
        assertEquals(7, taken.getMaxValue());
    }
}
