package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.PublishStats;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/** A load thread's duty cycle on a clock that moves only when the loop idles: minutes of load in milliseconds. */
class PublishLoopTest {

    private static final long SECOND = 1_000_000_000L;

    private final ManualClock clock = new ManualClock(SECOND);
    private final long start = clock.nanoTime();
    private final PublishStats stats = new PublishStats();

    @Test
    void pacedProducersSendEveryMessageOnTimeAndIdleInBetween() {
        Driver fast = new Driver(true);
        Driver slow = new Driver(true);
        PacedProducer a = producer(0, fast, 100, 1_000);
        PacedProducer b = producer(1, slow, 1, 1_000);
        PublishLoop loop = loop(List.of(a, b));
        stopAt(loop, start + 60 * SECOND);

        loop.run();

        // every message due before the stop, and none more: 60 s at 100 and at 1 msg/s
        assertEquals(6_000, fast.sent.size());
        assertEquals(60, slow.sent.size());
        LatencyHistograms interval = drain();
        assertEquals(6_060, interval.get(Metric.PUBLISH_DELAY).getTotalCount());
        assertEquals(0, interval.get(Metric.PUBLISH_DELAY).getMaxValue(), "the clock woke the loop exactly when due");
        // one idle per message at most: the loop waits for the next one instead of looking again and again
        assertTrue(clock.idles() <= 6_060, "idled " + clock.idles() + " times");
    }

    @Test
    void producersHeldBackByTheInFlightLimitBackOffAndCatchUpWhenAcknowledged() {
        Driver broker = new Driver(false); // acknowledges nothing until half a second has passed
        PacedProducer p = producer(0, broker, 1_000, 5);
        PublishLoop loop = loop(List.of(p));
        clock.onAdvance(now -> {
            if (now >= start + SECOND / 2 && !broker.acknowledging) {
                broker.acknowledgeFromNowOn();
            }
        });
        stopAt(loop, start + SECOND);

        loop.run();

        ProducerTally tally = p.tally(clock.nanoTime());
        assertEquals(1_000, tally.sent(), "caught up once acknowledged: 1 s at 1,000 msg/s");
        assertEquals(0, tally.unsent());
        assertEquals(0, tally.unacknowledged());
        LatencyHistograms interval = drain();
        // message 5, due at 5 ms, waited for the acknowledgements that came at 500 ms
        assertEquals(495_000, interval.get(Metric.PUBLISH_DELAY).getMaxValue(), 500);
        assertEquals(1_000, interval.get(Metric.PUBLISH_LATENCY).getTotalCount());
    }

    @Test
    void anUnpacedProducerNeverIdles() {
        Driver broker = new Driver(true);
        PacedProducer p = producer(0, broker, 0, 1_000);
        PublishLoop loop = loop(List.of(p));
        broker.afterSend = count -> {
            if (count == 5_000) {
                loop.stop();
            }
        };

        loop.run();

        assertEquals(0, clock.idles());
        assertTrue(broker.sent.size() >= 5_000);
    }

    private PacedProducer producer(int id, Driver driver, double rate, long maxInFlight) {
        return new PacedProducer(id, "t", driver, RateSchedule.of(rate, start, 0), KeyChooser.of(KeyDistributorType.NO_KEY, id),
                new PayloadSource(new byte[][] {new byte[64]}, false), true, maxInFlight, Long.MAX_VALUE, stats, clock);
    }

    private PublishLoop loop(List<PacedProducer> producers) {
        return new PublishLoop("test", producers, clock, clock);
    }

    private void stopAt(PublishLoop loop, long stopNanos) {
        clock.onAdvance(now -> {
            if (now >= stopNanos) {
                loop.stop();
            }
        });
    }

    private LatencyHistograms drain() {
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        return interval;
    }

    /** A driver producer whose acknowledgements the test decides. */
    private static final class Driver implements BenchmarkProducer {
        final List<byte[]> sent = new ArrayList<>();
        final List<CompletableFuture<Void>> pending = new ArrayList<>();
        boolean acknowledging;
        IntConsumer afterSend = count -> { };

        Driver(boolean acknowledging) {
            this.acknowledging = acknowledging;
        }

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            sent.add(payload);
            CompletableFuture<Void> ack = new CompletableFuture<>();
            if (acknowledging) {
                ack.complete(null);
            } else {
                pending.add(ack);
            }
            afterSend.accept(sent.size());
            return ack;
        }

        /** Acknowledges what awaits an acknowledgement, and every later message as it is sent. */
        void acknowledgeFromNowOn() {
            acknowledging = true;
            pending.forEach(ack -> ack.complete(null));
        }

        @Override
        public void close() {
        }
    }
}
