package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.remote.wire.HistogramCodec;
import io.brokerbench.stats.LatencyHistograms;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Subscription verdicts from tallies and deliveries built by hand: what a failed send that arrived counts as. */
class DeliveryVerifierTest {

    private static final DeliveryVerifier.MissingMessages IGNORED = (producer, from, to) -> { };

    /** Sent {@code sent} messages, of which the sends numbered {@code failedRanges} (pairs [from, to)) failed. */
    private static ProducerTally producer(long sent, long... failedRanges) {
        SequenceSet failed = SequenceSet.fromRanges(failedRanges);
        return new ProducerTally(0, "t", sent, sent, failed.distinct(), failed.toBytes(), 0, 0, 0, 1_000, 0, new long[0], null);
    }

    /** Sent {@code sent} messages, of which the driver aborted those numbered {@code abortedRanges} on purpose. */
    private static ProducerTally aborting(long sent, long... abortedRanges) {
        return new ProducerTally(0, "t", sent, sent, 0, null, 0, 0, 0, 1_000, 0, new long[0],
                SequenceSet.fromRanges(abortedRanges).toBytes());
    }

    private static ConsumerDelivery received(long... ranges) {
        return receivedBy(false, ranges);
    }

    /** @param readsCommittedOnly what the consumer declared, whatever it actually read */
    private static ConsumerDelivery receivedBy(boolean readsCommittedOnly, long... ranges) {
        SequenceSet set = SequenceSet.fromRanges(ranges);
        return new ConsumerDelivery("t", "s", set.distinct(), 0L, 0, 0, 0, 0, true, new byte[][] {set.toBytes()}, 0, -1,
                new long[0][], new long[0][], true, readsCommittedOnly, QueueDelivery.NONE);
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

    @Test
    void abortedMessagesAReadCommittedConsumerNeverSawAreNeitherLostNorMissing() {
        // 10 messages, 3 and 4 in an aborted transaction; a read_committed consumer got the other 8
        List<long[]> missing = new ArrayList<>();
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(aborting(10, 3, 5)),
                List.of(receivedBy(true, 0, 3, 5, 10)), (producer, from, to) -> missing.add(new long[] {from, to})).get(0);

        assertEquals(8, verdict.expected());
        assertEquals(2, verdict.aborted());
        assertEquals(0, verdict.abortedSeen());
        assertEquals(0, verdict.lost());
        assertEquals(0, verdict.neverReceived());
        assertTrue(missing.isEmpty(), "no censored latency for an aborted message");
        assertTrue(verdict.clean());
    }

    @Test
    void abortedMessagesAReadUncommittedConsumerSawAreCountedNotFaulted() {
        SubscriptionVerdict verdict = verdict(aborting(10, 3, 5), receivedBy(false, 0, 10));

        assertEquals(2, verdict.abortedSeen());
        assertEquals(0, verdict.abortedReadCommitted());
        assertEquals(0, verdict.lost());
        assertTrue(verdict.clean());
    }

    @Test
    void anAbortedMessageAtAConsumerDeclaredReadCommittedFailsTheRun() {
        // what a read_uncommitted consumer receives, declared read_committed: the verifier must catch it
        SubscriptionVerdict verdict = verdict(aborting(10, 3, 5), receivedBy(true, 0, 10));

        assertEquals(2, verdict.abortedSeen());
        assertEquals(2, verdict.abortedReadCommitted());
        assertFalse(verdict.clean(), "a read_committed consumer saw an aborted message");
    }

    @Test
    void anAbortedMessageDoesNotHideTheLossOfACommittedOne() {
        // 3 and 4 aborted and (read uncommitted) seen; committed 7 never arrived
        SubscriptionVerdict verdict = verdict(aborting(10, 3, 5), receivedBy(false, 0, 7, 8, 10));

        assertEquals(1, verdict.lost());
        assertEquals(1, verdict.neverReceived());
        assertFalse(verdict.clean());
    }

    /**
     * A queue consumer's delivery: {@code released} given back (a delivery not accepted), {@code first}
     * accepted on their first delivery, {@code redelivered} accepted on a later one, {@code rejected},
     * {@code archived} (released on their last attempt); ranges.
     */
    private static ConsumerDelivery queueMember(long[] released, long[] first, long[] redelivered, long[] rejected,
            long[] archived) {
        SequenceSet firstSet = SequenceSet.fromRanges(first);
        SequenceSet redeliveredSet = SequenceSet.fromRanges(redelivered);
        long[] settled = new long[QueueDelivery.ATTEMPTS];
        settled[0] = firstSet.distinct();
        settled[1] = redeliveredSet.distinct();
        QueueDelivery queue = new QueueDelivery(true, SequenceSet.fromRanges(released).distinct(), 0,
                new byte[][] {SequenceSet.fromRanges(released).toBytes()}, new byte[][] {redeliveredSet.toBytes()}, new byte[][] {SequenceSet.fromRanges(rejected).toBytes()},
                new byte[][] {SequenceSet.fromRanges(archived).toBytes()}, settled,
                HistogramCodec.encode(LatencyHistograms.newHistogram()));
        return new ConsumerDelivery("t", "s", firstSet.distinct() + redeliveredSet.distinct(), 0L, 0, 0, 0, 0, false,
                new byte[][] {firstSet.toBytes()}, 0, -1, new long[0][], new long[0][], true, false, queue);
    }

    private static final long[] NONE = {};

    @Test
    void aQueueAccountsForRejectedAndArchivedMessagesAndAllowsARedeliveryAfterAcceptance() {
        // 0-6 accepted first time by a; 5 accepted again by b after a's acknowledgement came too late;
        // 7 released and accepted by b on its second attempt; 8 rejected; 9 released on its last attempt
        ConsumerDelivery a = queueMember(new long[] {7, 8}, new long[] {0, 7}, NONE, new long[] {8, 9}, NONE);
        ConsumerDelivery b = queueMember(new long[] {9, 10}, NONE, new long[] {5, 6, 7, 8}, NONE, new long[] {9, 10});
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(producer(10)), List.of(a, b), IGNORED).get(0);

        assertEquals(0, verdict.lost());
        assertEquals(0, verdict.duplicated());
        assertTrue(verdict.clean(), verdict.toString());
        QueueVerdict queue = verdict.queue();
        assertEquals(1, queue.redelivered(), "7: accepted on a later attempt, never before");
        assertEquals(0, queue.redeliveredUnreleased(), "7: a released it");
        assertEquals(1, queue.acceptedAgain(), "5: accepted by a, then again by b");
        assertEquals(1, queue.rejected());
        assertEquals(1, queue.archived());
        assertEquals(null, queue.redeliveredEndToEndLatency(), "no latency recorded");
    }

    @Test
    void aRedeliveryNoMemberAskedForIsToldApartAsALockThatTimedOut() {
        // 0-7 accepted first time by a; 8 and 9 delivered again to b although nobody released them (a
        // held them past their lock), 10 released by a and accepted by b on its second attempt
        ConsumerDelivery a = queueMember(new long[] {10, 11}, new long[] {0, 8}, NONE, NONE, NONE);
        ConsumerDelivery b = queueMember(NONE, NONE, new long[] {8, 11}, NONE, NONE);
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(producer(11)), List.of(a, b), IGNORED).get(0);

        assertTrue(verdict.clean(), verdict.toString());
        assertEquals(3, verdict.queue().redelivered());
        assertEquals(2, verdict.queue().redeliveredUnreleased(), "8 and 9: their lock timed out");
    }

    @Test
    void aQueueMessageTakenOnItsFirstDeliveryByTwoMembersIsADuplicateAndAMissingOneIsLost() {
        ConsumerDelivery a = queueMember(NONE, new long[] {0, 6}, NONE, NONE, NONE);
        ConsumerDelivery b = queueMember(NONE, new long[] {5, 8}, NONE, NONE, NONE);
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(producer(10)), List.of(a, b), IGNORED).get(0);

        assertEquals(1, verdict.duplicated(), "5: handed out as a first delivery twice");
        assertEquals(2, verdict.lost(), "8 and 9: never accepted, rejected or archived");
        assertFalse(verdict.clean());
        assertFalse(verdict.orderingJudged());
    }

    @Test
    void aLogSubscriptionHasNoQueueVerdict() {
        assertEquals(null, verdict(producer(10), received(0, 10)).queue());
    }
}
