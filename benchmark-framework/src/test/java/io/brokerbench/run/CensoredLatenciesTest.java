package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.DeliveryVerifier;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.QueueDelivery;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A broker that stopped answering: messages due but never sent, sent but never acknowledged, or
 * never received must show in the latencies from intended time, valued up to the run's end.
 */
class CensoredLatenciesTest {

    /** 1,000 msg/s from t = 0; the run ends at 40 s. */
    private static final long START = 1_000_000_000_000L;
    private static final long END = START + 40_000_000;
    /** No duplicates or reorderings listed. */
    private static final long[][] NONE = new long[0][];

    private static ProducerTally producer(long due, long sent, long failed, long unacknowledged) {
        return new ProducerTally(0, "t", due, sent, failed, null, unacknowledged, 0, START, 1_000_000, START + (sent - 1) * 1_000,
                new long[0], null);
    }

    @Test
    void unsentMessagesAreValuedFromTheirIntendedTimeToTheEnd() {
        LatencyHistograms into = new LatencyHistograms();
        CensoredLatencies censored = new CensoredLatencies(END, into);
        // 40,000 due, 15,000 sent and acknowledged: the last 25 s were never sent
        censored.addPublishSide(List.of(producer(40_000, 15_000, 0, 0)));
        Histogram delay = into.get(Metric.PUBLISH_DELAY);
        Histogram fromIntended = into.get(Metric.PUBLISH_LATENCY_FROM_INTENDED);
        assertEquals(25_000, delay.getTotalCount());
        assertEquals(25_000, fromIntended.getTotalCount());
        // the first unsent message was due at 15 s: it waited at least 25 s
        assertEquals(25_000_000, delay.getMaxValue(), 25_000_000 * 0.002);
        assertEquals(12_500_000, delay.getValueAtPercentile(50), 12_500_000 * 0.01);
        assertEquals(50_000, censored.samples(), "one per message and metric");
    }

    @Test
    void unacknowledgedMessagesAreValuedAsTheLatestSends() {
        LatencyHistograms into = new LatencyHistograms();
        new CensoredLatencies(END, into).addPublishSide(List.of(producer(40_000, 40_000, 0, 10_000)));
        Histogram fromIntended = into.get(Metric.PUBLISH_LATENCY_FROM_INTENDED);
        assertEquals(10_000, fromIntended.getTotalCount());
        assertEquals(0, into.get(Metric.PUBLISH_DELAY).getTotalCount(), "they were sent on time");
        // the oldest of the 10,000 latest sends was due at 30 s: at least 10 s
        assertEquals(10_000_000, fromIntended.getMaxValue(), 10_000_000 * 0.002);
    }

    @Test
    void messagesASubscriptionNeverReceivedEnterEndToEndFromIntendedAndFailuresMakeItUnclean() {
        LatencyHistograms into = new LatencyHistograms();
        CensoredLatencies censored = new CensoredLatencies(END, into);
        ProducerTally tally = producer(40_000, 30_000, 5_000, 0);
        // received 0..14,999 only: 15,000..29,999 were sent (5,000 of them failed), 30,000..39,999 never sent
        ConsumerDelivery delivery = new ConsumerDelivery("t", "s", 15_000, 0L, 0, 0, 0, 0, true, new byte[][] {SequenceSet.fromRanges(0, 15_000).toBytes()}, 0, -1, NONE, NONE, true, false, QueueDelivery.NONE);
        List<SubscriptionVerdict> verdicts = DeliveryVerifier.verify(List.of(tally), List.of(delivery), censored);
        SubscriptionVerdict verdict = verdicts.get(0);
        assertEquals(25_000, verdict.expected());
        assertEquals(10_000, verdict.lost());
        assertEquals(5_000, verdict.sendFailures());
        assertEquals(15_000, verdict.neverReceived());
        assertFalse(verdict.clean());
        Histogram endToEnd = into.get(Metric.END_TO_END_FROM_INTENDED);
        assertEquals(25_000, endToEnd.getTotalCount());
        assertEquals(25_000_000, endToEnd.getMaxValue(), 25_000_000 * 0.002);
    }

    @Test
    void aSubscriptionThatGotEverythingAddsNothing() {
        LatencyHistograms into = new LatencyHistograms();
        CensoredLatencies censored = new CensoredLatencies(END, into);
        ConsumerDelivery delivery = new ConsumerDelivery("t", "s", 40_000, 0L, 0, 0, 0, 0, true, new byte[][] {SequenceSet.fromRanges(0, 40_000).toBytes()}, 0, -1, NONE, NONE, true, false, QueueDelivery.NONE);
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(producer(40_000, 40_000, 0, 0)), List.of(delivery),
                censored).get(0);
        assertTrue(verdict.clean());
        assertEquals(0, censored.samples());
    }

    @Test
    void messagesNeverAcknowledgedAndNeverReceivedAreNotCountedLostButStillNeverReceived() {
        // a broker that stopped answering: the last 1,000 sends were never acknowledged nor delivered
        ConsumerDelivery delivery = new ConsumerDelivery("t", "s", 39_000, 0L, 0, 0, 0, 0, true, new byte[][] {SequenceSet.fromRanges(0, 39_000).toBytes()}, 0, -1, NONE, NONE, true, false, QueueDelivery.NONE);
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(producer(40_000, 40_000, 0, 1_000)), List.of(delivery),
                new CensoredLatencies(END, new LatencyHistograms())).get(0);
        assertEquals(39_000, verdict.expected());
        assertEquals(0, verdict.lost(), "the broker never promised them");
        assertEquals(1_000, verdict.neverReceived());

        // one acknowledged message missing as well is lost
        ConsumerDelivery short1 = new ConsumerDelivery("t", "s", 38_999, 0L, 0, 0, 0, 0, true, new byte[][] {SequenceSet.fromRanges(0, 38_999).toBytes()}, 0, -1, NONE, NONE, true, false, QueueDelivery.NONE);
        assertEquals(1, DeliveryVerifier.verify(List.of(producer(40_000, 40_000, 0, 1_000)), List.of(short1),
                new CensoredLatencies(END, new LatencyHistograms())).get(0).lost());
    }

    @Test
    void anUnpacedProducerIsValuedFromItsLastSend() {
        LatencyHistograms into = new LatencyHistograms();
        ProducerTally unpaced = new ProducerTally(0, "t", 100, 100, 0, null, 7, 0, 0, 0, END - 3_000_000, new long[0], null);
        new CensoredLatencies(END, into).addPublishSide(List.of(unpaced));
        Histogram fromIntended = into.get(Metric.PUBLISH_LATENCY_FROM_INTENDED);
        assertEquals(7, fromIntended.getTotalCount());
        assertEquals(3_000_000, fromIntended.getMinValue(), 3_000_000 * 0.002);
    }
}
