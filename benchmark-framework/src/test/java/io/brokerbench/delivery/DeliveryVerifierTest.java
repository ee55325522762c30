package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Subscription verdicts from tallies and deliveries built by hand: what a failed send that arrived counts as. */
class DeliveryVerifierTest {

    private static final DeliveryVerifier.MissingMessages IGNORED = (producer, from, to) -> { };

    /** Sent {@code sent} messages, of which the sends numbered {@code failedRanges} (pairs [from, to)) failed. */
    private static ProducerTally producer(long sent, long... failedRanges) {
        SequenceSet failed = SequenceSet.fromRanges(failedRanges);
        return new ProducerTally(0, "t", sent, sent, failed.distinct(), failed.toBytes(), 0, 0, 0, 1_000, 0, new long[0]);
    }

    private static ConsumerDelivery received(long... ranges) {
        SequenceSet set = SequenceSet.fromRanges(ranges);
        return new ConsumerDelivery("t", "s", set.distinct(), 0L, 0, 0, 0, 0, true, new byte[][] {set.toBytes()}, 0, -1,
                new long[0][], new long[0][], true);
    }

    private static SubscriptionVerdict verdict(ProducerTally producer, ConsumerDelivery consumer) {
        return DeliveryVerifier.verify(List.of(producer), List.of(consumer), IGNORED).get(0);
    }

    @Test
    void aFailedSendThatArrivedIsAmbiguousNeitherFailedNorLost() {
        // the client reported sends 3 and 4 failed (a publish timeout), yet the broker stored them
        SubscriptionVerdict verdict = verdict(producer(10, 3, 5), received(0, 10));

        assertEquals(8, verdict.expected());
        assertEquals(10, verdict.received());
        assertEquals(2, verdict.failedButReceived());
        assertEquals(0, verdict.sendFailures());
        assertEquals(0, verdict.lost());
        assertFalse(verdict.clean(), "an ambiguous outcome is a fault of the run");
    }

    @Test
    void aFailedSendThatArrivedDoesNotHideTheLossOfAnAcknowledgedOne() {
        // 3 and 4 failed and arrived; 7 was acknowledged and never arrived: counting alone would see 9 of 8
        SubscriptionVerdict verdict = verdict(producer(10, 3, 5), received(0, 7, 8, 10));

        assertEquals(1, verdict.lost());
        assertEquals(2, verdict.failedButReceived());
        assertEquals(0, verdict.sendFailures());
    }

    @Test
    void aFailedSendThatNeverArrivedIsAFailure() {
        SubscriptionVerdict verdict = verdict(producer(10, 3, 4), received(0, 3, 4, 10));

        assertEquals(1, verdict.sendFailures());
        assertEquals(0, verdict.failedButReceived());
        assertEquals(0, verdict.lost());
        assertEquals(1, verdict.neverReceived());
    }
}
