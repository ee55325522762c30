package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.delivery.OrderingPolicy;
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
                () -> now);
    }

    private static byte[] message(int producer, long sequence, long intendedNanos, long sendNanos) {
        byte[] payload = new byte[64];
        MessageHeader.write(payload, producer, sequence, WallClock.epochMicros(intendedNanos), WallClock.epochMicros(sendNanos));
        return payload;
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
}
