package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.RunTotals;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One line when publishing or consuming stops, one when it resumes; nothing while all is well. */
class StallWatchTest {

    private final StallWatch watch = new StallWatch(1);

    /** The run's totals {@code second} seconds after the load started. */
    private static RunTotals at(int second, long sent, long acked, long errors, long received) {
        return new RunTotals(sent, acked, errors, received, 0, 0, 0, second * 1_000_000_000L, 0, RunTotals.NOT_COUNTED);
    }

    @Test
    void aBrokerThatStopsAnsweringIsReportedOnceAndItsReturnOnce() {
        assertEquals(List.of(), watch.observe(at(1, 1_000, 1_000, 0, 1_000), 1, true));
        assertEquals(List.of(), watch.observe(at(2, 2_000, 2_000, 0, 2_000), 2, true));
        List<String> stalled = watch.observe(at(3, 3_000, 2_000, 0, 2_000), 3, true);
        assertEquals(List.of("publishing stalled: no acknowledgement for 1.0 s while 1,000 message(s) await one"
                + " (is the broker down or paused?)"), stalled);
        assertEquals(List.of(), watch.observe(at(4, 4_000, 2_000, 0, 2_000), 4, true), "said once per episode");
        assertEquals(List.of("publishing resumed after 3.0 s without acknowledgements"),
                watch.observe(at(5, 5_000, 5_000, 0, 5_000), 5, true));
    }

    @Test
    void consumersThatStopReceivingAcknowledgedMessagesAreReportedOnce() {
        watch.observe(at(1, 1_000, 1_000, 0, 1_000), 1, true);
        List<String> stalled = watch.observe(at(2, 2_000, 2_000, 0, 1_000), 2, true);
        assertEquals(List.of("consumers stalled: nothing received for 1.0 s while 1,000 acknowledged message(s)"
                + " are not yet received"), stalled);
        assertEquals(List.of(), watch.observe(at(3, 3_000, 3_000, 0, 1_000), 3, true));
        assertEquals(List.of("consumers resumed after 3.0 s without messages"),
                watch.observe(at(4, 4_000, 4_000, 0, 4_000), 4, true));
    }

    @Test
    void failingSendsAreReportedOnceAndTheirEndOnce() {
        watch.observe(at(1, 1_000, 1_000, 0, 1_000), 1, true);
        List<String> failing = watch.observe(at(2, 2_000, 1_000, 1_000, 1_000), 2, true);
        assertTrue(failing.contains("sends failing: 1,000 failed in the last 1.0 s"), failing.toString());
        assertEquals(List.of(), watch.observe(at(3, 3_000, 1_000, 2_000, 1_000), 3, true));
        List<String> healed = watch.observe(at(4, 4_000, 2_000, 2_000, 2_000), 4, true);
        assertTrue(healed.contains("sends no longer failing, after 3.0 s"), healed.toString());
    }

    @Test
    void consumersClosedOnPurposeAreNotAStall() {
        watch.observe(at(1, 1_000, 1_000, 0, 1_000), 1, false);
        assertEquals(List.of(), watch.observe(at(2, 2_000, 2_000, 0, 1_000), 2, false));
    }
}
