package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Messages placed at their intended send time, from tallies and deliveries built by hand. */
class DeliveryByTimeTest {

    private static final long[][] NONE = new long[0][];
    /** The schedule's start, epoch µs. */
    private static final long T0 = 1_700_000_000_000_000L;

    /** Paced at 1,000 msg/s from T0, one rate throughout: message n was intended at T0 + n ms. */
    private static ProducerTally producer(long due, long sent, SequenceSet failed) {
        return new ProducerTally(0, "t", due, sent, failed.distinct(), failed.toBytes(), 0, 0, T0, 1_000_000, 0, new long[0], null);
    }

    private static ConsumerDelivery consumer(String subscription, long[] ranges, long[][] duplicates, long[][] reordered) {
        return new ConsumerDelivery("t", subscription, 0, 0L, 0, 0, 0, 0, true,
                new byte[][] {SequenceSet.fromRanges(ranges).toBytes()}, 0, -1, duplicates, reordered, true, false, QueueDelivery.NONE);
    }

    @Test
    void eachSecondCountsTheMessagesIntendedInIt() {
        // 1500-1509 failed, of which 1505 arrived anyway; 1200-1249 were sent and never arrived;
        // 2100 came twice and 2200 out of order; 3000-3099 were due and never sent
        SequenceSet failed = SequenceSet.fromRanges(1500, 1510);
        ConsumerDelivery consumer = consumer("s", new long[] {0, 1200, 1250, 1500, 1505, 1506, 1510, 3000},
                new long[][] {{2100, 2101}}, new long[][] {{2200, 2201}});
        DeliveryByTime byTime = DeliveryByTime.of(List.of(producer(3100, 3000, failed)), List.of(consumer)).orElseThrow();

        List<WindowDelivery> seconds = byTime.perSecond(T0, 4);

        assertEquals(new WindowDelivery(1000, 0, 0, 0, 0, 0), seconds.get(0));
        assertEquals(new WindowDelivery(1000, 9, 1, 50, 0, 0), seconds.get(1));
        assertEquals(new WindowDelivery(1000, 0, 0, 0, 1, 1), seconds.get(2));
        assertEquals(new WindowDelivery(100, 0, 0, 0, 0, 0), seconds.get(3), "due, never sent: intended, nothing else");
        // a window that starts mid-second: 1.2 s to 1.5 s holds 1200-1499 exactly
        assertEquals(new WindowDelivery(300, 0, 0, 50, 0, 0), byTime.between(T0 + 1_200_000, T0 + 1_500_000));
    }

    @Test
    void aFailedSendIsCountedPerSubscriptionAsTheRunsVerdictsAre() {
        SequenceSet failed = SequenceSet.fromRanges(10, 12);
        // subscription a received failed message 10, subscription b neither
        ConsumerDelivery a = consumer("a", new long[] {0, 11, 12, 100}, NONE, NONE);
        ConsumerDelivery b = consumer("b", new long[] {0, 10, 12, 100}, NONE, NONE);
        DeliveryByTime byTime = DeliveryByTime.of(List.of(producer(100, 100, failed)), List.of(a, b)).orElseThrow();

        assertEquals(new WindowDelivery(100, 3, 1, 0, 0, 0), byTime.between(T0, T0 + 100_000));
    }

    @Test
    void nothingIsPlacedWhenAProducerHadNoFixedSchedule() {
        ProducerTally unpaced = new ProducerTally(0, "t", 10, 10, 0, null, 0, 0, 0, 0, T0, new long[0], null);
        ProducerTally rateChanged = new ProducerTally(0, "t", 10, 10, 0, null, 0, 5, T0, 1_000_000, 0, new long[] {5}, null);
        ConsumerDelivery consumer = consumer("s", new long[] {0, 10}, NONE, NONE);

        assertTrue(DeliveryByTime.of(List.of(unpaced), List.of(consumer)).isEmpty());
        assertTrue(DeliveryByTime.of(List.of(rateChanged), List.of(consumer)).isEmpty());
    }
}
