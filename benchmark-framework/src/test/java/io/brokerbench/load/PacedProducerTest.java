package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.PublishStats;
import io.brokerbench.time.WallClock;
import io.brokerbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The rate schedule and the in-flight limit, on a clock the test moves by hand. */
class PacedProducerTest {

    private long now = 1_000_000_000L;
    private final List<byte[]> sent = new ArrayList<>();
    private final List<Optional<String>> keys = new ArrayList<>();
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();

    private final BenchmarkProducer driver = new BenchmarkProducer() {
        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            sent.add(payload.clone());
            keys.add(key);
            CompletableFuture<Void> ack = new CompletableFuture<>();
            pending.add(ack);
            return ack;
        }

        @Override
        public void close() {
        }
    };

    private PacedProducer producer(double rate, long maxInFlight, PublishStats stats, KeyDistributorType keys) {
        RateSchedule schedule = RateSchedule.of(rate, now, 0);
        return new PacedProducer(3, "t", driver, schedule, KeyChooser.of(keys, 1), new PayloadSource(new byte[][] {new byte[64]}, false),
                true, maxInFlight, stats, () -> now);
    }

    @Test
    void sendsExactlyWhatIsDueAndStampsIntendedTimes() {
        PublishStats stats = new PublishStats();
        PacedProducer p = producer(1000, 1_000_000, stats, KeyDistributorType.NO_KEY);
        long start = now;
        now += 10_000_000; // 10 ms later: messages 0..10 are due
        p.sendDue(now, 1000);
        assertEquals(11, sent.size());
        for (int i = 0; i < sent.size(); i++) {
            assertEquals(i, MessageHeader.sequence(sent.get(i)));
            assertEquals(3, MessageHeader.producerId(sent.get(i)));
            assertEquals(WallClock.epochMicros(start + i * 1_000_000L), MessageHeader.intendedMicros(sent.get(i)));
            assertEquals(WallClock.epochMicros(now), MessageHeader.sendMicros(sent.get(i)));
        }
        assertEquals(start + 11_000_000L, p.nextDue());
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        // message 0 was due 10 ms before it went out: coordinated omission shows as publish delay
        assertEquals(10_000, interval.get(Metric.PUBLISH_DELAY).getMaxValue(), 10);
        assertEquals(11, interval.get(Metric.PUBLISH_DELAY).getTotalCount());
    }

    @Test
    void inFlightLimitHoldsBackUntilAcknowledged() {
        PublishStats stats = new PublishStats();
        PacedProducer p = producer(1000, 5, stats, KeyDistributorType.NO_KEY);
        now += 100_000_000;
        p.sendDue(now, 1000);
        assertEquals(5, sent.size());
        assertTrue(p.blocked());
        now += 2_000_000;
        pending.get(0).complete(null);
        pending.get(1).completeExceptionally(new IllegalStateException("broker said no"));
        p.sendDue(now, 1000);
        assertEquals(7, sent.size());
        assertEquals(1, p.failedCount());
        assertEquals(1, stats.errorsTotal());
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        assertEquals(1, interval.get(Metric.PUBLISH_LATENCY).getTotalCount());
    }

    @Test
    void roundRobinKeysFollowTheSequence() {
        PacedProducer p = producer(0, 1_000_000, new PublishStats(), KeyDistributorType.KEY_ROUND_ROBIN);
        p.sendDue(now, 3);
        KeyChooser chooser = KeyChooser.of(KeyDistributorType.KEY_ROUND_ROBIN, 1);
        for (int i = 0; i < 3; i++) {
            assertEquals(chooser.keyFor(i), keys.get(i));
        }
    }
}
