package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.delivery.QueueDelivery;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.remote.wire.HistogramCodec;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.testing.SimultaneousThreads;
import io.brokerbench.time.WallClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The consumer side's latencies on a clock the test sets, and exact counts under concurrent delivery. */
class MeasuringConsumerCallbackTest {

    private long now = 5_000_000_000L;

    private MeasuringConsumerCallback callback(int producers) {
        return new MeasuringConsumerCallback("t", "s", true, producers, new OrderingCheck(OrderingPolicy.NONE, 1),
                false, false, () -> now);
    }

    private static byte[] message(int producer, long sequence, long intendedNanos, long sendNanos) {
        byte[] payload = new byte[64];
        MessageHeader.write(payload, producer, sequence, WallClock.epochMicros(intendedNanos), WallClock.epochMicros(sendNanos));
        return payload;
    }

    @Test
    void duplicatesAndReorderingsAreListedBySequenceNumberForTheRatePhases() {
        MeasuringConsumerCallback callback = new MeasuringConsumerCallback("t", "s", true, 2,
                new OrderingCheck(OrderingPolicy.PER_PRODUCER, 1), false, false, () -> now);
        for (long sequence : new long[] {0, 1, 2, 5, 3, 4, 1, 2, 6}) {
            callback.messageReceived(message(1, sequence, now, now), 0);
        }
        ConsumerDelivery delivery = callback.delivery();
        assertEquals(2, delivery.duplicates());
        assertEquals(2, delivery.reordered());
        assertArrayEquals(new long[0], delivery.duplicateRuns()[0]);
        assertArrayEquals(new long[] {1, 3}, delivery.duplicateRuns()[1], "1 and 2 again, one run");
        assertArrayEquals(new long[] {3, 5}, delivery.reorderedRuns()[1], "3 and 4 came after 5");
        assertTrue(delivery.anomaliesListed());
    }

    @Test
    void onAnExistingTopicMessagesSentBeforeTheConsumerOpenedAreAnEarlierRunsAndCountedApart() {
        MeasuringConsumerCallback callback = callback(1);
        long before = now - 60_000_000_000L;
        callback.ignoreEarlierRuns();
        callback.messageReceived(message(0, 0, before, before), 0); // an earlier run's producer 0, sequence 0
        callback.messageReceived(message(MessageHeader.PROBE_PRODUCER, 0, before, before), 0); // and its probe
        now += 1_000_000;
        callback.messageReceived(message(0, 0, now, now), 0);
        ConsumerDelivery delivery = callback.delivery();
        assertEquals(1, delivery.received(), "only this run's message");
        assertEquals(0, delivery.duplicates(), "the earlier run's sequence 0 is not this run's");
        assertEquals(2, delivery.foreign());
        assertEquals(64, delivery.receivedBytes());
        assertFalse(callback.probeSeen(), "an earlier run's probe says nothing of this run's consumers");
    }

    @Test
    void endToEndLatenciesAreTheInjectedClockMinusTheHeaderTimes() {
        MeasuringConsumerCallback callback = callback(1);
        long intended = now;
        long sent = now + 2_000_000;
        byte[] payload = message(0, 0, intended, sent);
        now += 5_500_000; // received 3.5 ms after the send, 5.5 ms after the intended time
        callback.messageReceived(payload, 0);
        LatencyHistograms interval = new LatencyHistograms();
        callback.drainInto(interval);
        assertEquals(3_500, interval.get(Metric.END_TO_END).getMaxValue(), 4);
        assertEquals(5_500, interval.get(Metric.END_TO_END_FROM_INTENDED).getMaxValue(), 6);
    }

    @Test
    void aMessageReceivedBeforeItWasSentIsCountedAsANegativeLatencyAndRecordedAsZero() {
        MeasuringConsumerCallback callback = callback(1);
        byte[] payload = message(0, 0, now, now + 1_000_000); // stamped by a host whose clock is 1 ms ahead
        callback.messageReceived(payload, 0);
        LatencyHistograms interval = new LatencyHistograms();
        callback.drainInto(interval);
        assertEquals(0, interval.get(Metric.END_TO_END).getMaxValue());
        assertEquals(1, callback.delivery().negativeLatencies());
    }

    @Test
    void messagesTooSmallForTheHeaderUseTheDriversMillisecondTimestamp() {
        MeasuringConsumerCallback callback = new MeasuringConsumerCallback("t", "s", false, 1,
                new OrderingCheck(OrderingPolicy.NONE, 1), false, false, () -> now);
        long publishedMillis = WallClock.epochMicros(now) / 1_000;
        now += 42_000_000;
        callback.messageReceived(new byte[10], publishedMillis);
        LatencyHistograms interval = new LatencyHistograms();
        callback.drainInto(interval);
        assertEquals(42_000, interval.get(Metric.END_TO_END).getMaxValue(), 1_000);
        assertEquals(1, callback.receivedCount());
        assertEquals(0, interval.get(Metric.END_TO_END_FROM_INTENDED).getTotalCount(), "no intended time without a header");
    }

    @Test
    void theBacklogIsReadWhenTheLastMessageSentBeforeTheReopeningArrives() {
        MeasuringConsumerCallback callback = callback(1);
        assertEquals(-1, callback.delivery().backlogReadMicros(), "never reopened");
        long sentBefore = now - 1_000_000;
        callback.reopeningOnBacklog(now);
        long reopened = now;
        now += 2_000_000;
        callback.messageReceived(message(0, 0, sentBefore, sentBefore), 0);
        now += 1_500_000;
        callback.messageReceived(message(0, 1, reopened - 1_000, reopened - 1_000), 0);
        // sent at the reopening and after it: new load, not the backlog
        now += 3_000_000;
        callback.messageReceived(message(0, 2, reopened, reopened), 0);
        callback.messageReceived(message(0, 3, reopened + 1_000_000, reopened + 1_000_000), 0);
        assertEquals(3_500, callback.delivery().backlogReadMicros());
    }

    @Test
    void aConsumerReopenedOnNothingOfItsOwnReadItsBacklogAtOnce() {
        MeasuringConsumerCallback callback = callback(1);
        callback.reopeningOnBacklog(now);
        long reopened = now;
        now += 9_000_000;
        callback.messageReceived(message(0, 0, reopened + 5_000_000, reopened + 5_000_000), 0);
        assertEquals(0, callback.delivery().backlogReadMicros());
    }

    @Test
    void withoutAHeaderTheBacklogIsTimedByTheDriversMillisecondTimestamp() {
        MeasuringConsumerCallback callback = new MeasuringConsumerCallback("t", "s", false, 1,
                new OrderingCheck(OrderingPolicy.NONE, 1), false, false, () -> now);
        long publishedMillis = WallClock.epochMicros(now) / 1_000 - 5;
        callback.reopeningOnBacklog(now);
        now += 7_000_000;
        callback.messageReceived(new byte[10], publishedMillis);
        now += 1_000_000;
        callback.messageReceived(new byte[10], WallClock.epochMicros(now) / 1_000);
        assertEquals(7_000, callback.delivery().backlogReadMicros());
    }

    @Test
    void concurrentDeliveriesAreCountedExactly() throws Exception {
        int threads = 4;
        int perThread = 50_000;
        MeasuringConsumerCallback callback = callback(threads);
        LatencyHistograms total = new LatencyHistograms();
        List<Thread> deliverers = SimultaneousThreads.start(threads, producer -> {
            for (int i = 0; i < perThread; i++) {
                callback.messageReceived(message(producer, i, 0, 0), 0);
            }
        });
        while (deliverers.stream().anyMatch(Thread::isAlive)) {
            callback.drainInto(total);
        }
        for (Thread thread : deliverers) {
            thread.join();
        }
        callback.drainInto(total);
        assertEquals((long) threads * perThread, callback.receivedCount());
        assertEquals((long) threads * perThread, total.get(Metric.END_TO_END).getTotalCount());
        assertEquals(0, callback.delivery().duplicates());
    }

    @Test
    void aQueueConsumersRedeliveriesAreCountedApartAndItsRejectedAndArchivedRecordsRemembered() {
        MeasuringConsumerCallback callback = new MeasuringConsumerCallback("t", "s", true, 1,
                new OrderingCheck(OrderingPolicy.NONE, 1), false, true, () -> now);
        long sent = now - 2_000_000;
        callback.accepted(message(0, 0, sent, sent), 0, 1);
        callback.released(message(0, 1, sent, sent), 1, false);
        callback.accepted(message(0, 1, sent, sent), 0, 2);
        callback.rejected(message(0, 2, sent, sent), 1);
        callback.released(message(0, 3, sent, sent), 5, true);
        LatencyHistograms latencies = new LatencyHistograms();
        callback.drainInto(latencies);

        ConsumerDelivery delivery = callback.delivery();
        assertEquals(2, delivery.received(), "accepted: 0 on its first attempt, 1 on its second");
        assertEquals(4, callback.receivedCount(), "settled, for the backlog and the drain: 0 and 1 accepted, 2 rejected, 3 archived");
        assertEquals(1, latencies.get(Metric.END_TO_END).getTotalCount(), "a redelivery's latency is kept apart");
        assertEquals(1, SequenceSet.fromBytes(delivery.receivedByProducer()[0]).distinct());
        QueueDelivery queue = delivery.queue();
        assertEquals(2, queue.released());
        assertEquals(1, SequenceSet.fromBytes(queue.redeliveredByProducer()[0]).distinct());
        assertTrue(SequenceSet.fromBytes(queue.rejectedByProducer()[0]).contains(2));
        assertTrue(SequenceSet.fromBytes(queue.archivedByProducer()[0]).contains(3));
        assertArrayEquals(new long[] {2, 1, 0, 0, 1, 0, 0, 0, 0, 0}, queue.settledOnAttempt());
        assertEquals(2_000, HistogramCodec.decode(queue.redeliveredLatency()).getMaxValue(), 2);
    }

    @Test
    void aLogConsumerHasNoQueueRecords() {
        MeasuringConsumerCallback callback = callback(1);
        callback.accepted(message(0, 0, now, now), 0, 3);
        assertEquals(1, callback.delivery().received());
        assertFalse(callback.delivery().queue().applies());
    }
}
