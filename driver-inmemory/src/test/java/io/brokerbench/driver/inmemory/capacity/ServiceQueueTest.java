package io.brokerbench.driver.inmemory.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The queue's arithmetic, on times the test chooses. */
class ServiceQueueTest {

    private static final long T0 = 1_000_000_000_000L;

    /** 100,000 msg/s: 10 µs a message. */
    private final CapacityModel exact = new CapacityModel(100_000, 3, 0, 1);

    @Test
    void aMessageArrivingAtAnIdleServerIsServedOneServiceTimeLater() {
        ServiceQueue queue = new ServiceQueue(exact);
        assertEquals(T0 + 10_000, queue.admit(T0));
        assertEquals(T0 + 60_000, queue.admit(T0 + 50_000), "the server was idle again by then");
    }

    @Test
    void messagesArrivingTogetherAreServedOneAfterAnother() {
        ServiceQueue queue = new ServiceQueue(exact);
        assertEquals(T0 + 10_000, queue.admit(T0));
        assertEquals(T0 + 20_000, queue.admit(T0));
        assertEquals(T0 + 30_000, queue.admit(T0 + 5_000), "waits for the one before it");
        assertEquals(T0 + 30_000, queue.lastCompletionNanos());
        assertEquals(T0 + 10_000, queue.nextCompletionNanos());
    }

    @Test
    void aFullQueueHasRoomWhenItsOldestMessageIsServedAndReleased() {
        ServiceQueue queue = new ServiceQueue(exact);
        queue.admit(T0);
        queue.admit(T0);
        assertFalse(queue.full());
        assertThrows(IllegalStateException.class, queue::roomAtNanos);
        queue.admit(T0);
        assertTrue(queue.full());
        assertEquals(T0 + 10_000, queue.roomAtNanos());
        assertThrows(IllegalStateException.class, () -> queue.admit(T0 + 1));

        assertEquals(0, queue.release(T0 + 9_999));
        assertEquals(1, queue.release(T0 + 10_000));
        assertEquals(T0 + 40_000, queue.admit(T0 + 10_000));
        assertEquals(2, queue.release(T0 + 30_000));
        assertEquals(T0 + 30_000, queue.lastReleasedNanos());
        assertEquals(1, queue.held());
        assertEquals(4, queue.admitted());
        assertEquals(3, queue.released());
        assertEquals(1, queue.release(Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, queue.nextCompletionNanos());
    }

    @Test
    void aLimitBelowTheModelsBoundsTheQueueMoreTightly() {
        ServiceQueue queue = new ServiceQueue(exact, 1);
        queue.admit(T0);
        assertTrue(queue.full());
        assertThrows(IllegalArgumentException.class, () -> new ServiceQueue(exact, 4));
        assertThrows(IllegalArgumentException.class, () -> new ServiceQueue(exact, 0));
    }

    @Test
    void theRingWrapsAroundWithoutLosingOrder() {
        ServiceQueue queue = new ServiceQueue(exact);
        long now = T0;
        for (int i = 0; i < 10; i++) {
            long before = queue.lastCompletionNanos();
            long completion = queue.admit(now);
            assertEquals(Math.max(now, before) + 10_000, completion);
            if (queue.full()) {
                now = queue.roomAtNanos();
                assertEquals(1, queue.release(now));
            }
        }
        // saturated from the start: one completion every 10 µs
        assertEquals(T0 + 100_000, queue.lastCompletionNanos());
    }

    @Test
    void aBusyServerServesExactlyItsRateEvenWhenTheMeanIsNoWholeNanosecond() {
        // 27,027.03 ns a message: the dropped fractions are carried, not lost
        ServiceQueue queue = new ServiceQueue(new CapacityModel(37_000, 37_000, 0, 1));
        for (int i = 0; i < 37_000; i++) {
            queue.admit(T0);
        }
        assertEquals(T0 + 1_000_000_000L, queue.lastCompletionNanos(), 1);
    }

    @Test
    void jitterSpreadsServiceTimesAroundAnUnchangedMean() {
        int n = 200_000;
        List<Long> times = serviceTimes(new CapacityModel(200_000, 1, 0.2, 7), n);
        double mean = times.stream().mapToLong(Long::longValue).average().orElseThrow();
        // 5,000 ns ± 20 %, uniform: the mean of 200,000 is within 0.1 % (its standard error is 0.026 %)
        assertEquals(5_000, mean, 5);
        assertTrue(times.stream().allMatch(t -> t >= 3_999 && t <= 6_001), "within mean × (1 ± 0.2)");
        assertTrue(times.stream().distinct().count() > 1_000, "and spread over it");
    }

    @Test
    void theSameSeedGivesTheSameServiceTimesAndAnotherSeedOthers() {
        assertEquals(serviceTimes(new CapacityModel(200_000, 1, 0.5, 3), 1_000),
                serviceTimes(new CapacityModel(200_000, 1, 0.5, 3), 1_000));
        assertNotEquals(serviceTimes(new CapacityModel(200_000, 1, 0.5, 3), 1_000),
                serviceTimes(new CapacityModel(200_000, 1, 0.5, 4), 1_000));
    }

    @Test
    void aModelOutsideItsBoundsIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new CapacityModel(0, 1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new CapacityModel(Double.NaN, 1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new CapacityModel(1, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new CapacityModel(1, CapacityModel.MAX_QUEUE_LIMIT + 1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new CapacityModel(1, 1, 1.5, 1));
    }

    /** Each message's service time: one at a time through an otherwise idle server. */
    private static List<Long> serviceTimes(CapacityModel model, int n) {
        ServiceQueue queue = new ServiceQueue(model, 1);
        List<Long> times = new ArrayList<>();
        long now = T0;
        for (int i = 0; i < n; i++) {
            long completion = queue.admit(now);
            times.add(completion - now);
            queue.release(completion);
            now = completion;
        }
        return times;
    }
}
