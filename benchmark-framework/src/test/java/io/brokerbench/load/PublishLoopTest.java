package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.PublishStats;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.ParkingIdler;
import io.brokerbench.time.WallClock;
import io.brokerbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A load thread's duty cycle on a clock that moves only when the loop idles: minutes of load in milliseconds. */
class PublishLoopTest {

    private static final long SECOND = 1_000_000_000L;
    /** How late a parked thread wakes on Linux at the least: the default timer slack. */
    private static final long PARK_OVERSHOOT_NANOS = 50_000;

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

    @Test
    void atHighRatesParkingSendsWhatIsDueInBurstsAndNeverSpins() {
        Driver broker = new Driver(true);
        RateSchedule schedule = RateSchedule.of(300_000, start, 0);
        Parking parking = new Parking();
        PacedProducer p = producer(0, broker, schedule, 100_000);
        parking.beforeEachPark = () -> assertEquals(schedule.dueBy(clock.nanoTime()), broker.sent.size(),
                "when the loop parks, everything due has gone out and nothing more");
        PublishLoop loop = parking.loop(List.of(p));
        stopAt(loop, start + SECOND / 5);

        loop.run();

        // a park lasts its shortest, 250 µs, plus the kernel's 50 µs: 90 messages fall due meanwhile and go in one burst
        assertTrue(broker.sent.size() >= 59_900, "sent " + broker.sent.size());
        assertTrue(parking.parks <= broker.sent.size() / 90 + 1, parking.parks + " parks for " + broker.sent.size() + " messages");
        parking.assertNeverSpun();
        for (byte[] message : broker.sent) {
            long sequence = MessageHeader.sequence(message);
            assertEquals(WallClock.epochMicros(schedule.intendedOf(sequence)), MessageHeader.intendedMicros(message),
                    "intended times come from the schedule, not from when the burst went");
            assertTrue(MessageHeader.sendMicros(message) >= MessageHeader.intendedMicros(message), "nothing goes early");
        }
        // the first message of a burst waited the whole park, the last hardly at all: all of it measured
        Histogram delay = drain().get(Metric.PUBLISH_DELAY);
        assertEquals(broker.sent.size(), delay.getTotalCount());
        assertEquals(0, delay.getMinValue(), 4);
        assertEquals((ParkingIdler.MIN_PARK_NANOS + PARK_OVERSHOOT_NANOS) / 1_000, delay.getMaxValue(), 4);
    }

    @Test
    void atLowRatesEachMessageHasAWakeUpOfItsOwn() {
        Driver broker = new Driver(true);
        Parking parking = new Parking();
        PacedProducer p = producer(0, broker, RateSchedule.of(1_000, start, 0), 100_000); // 1 ms apart
        PublishLoop loop = parking.loop(List.of(p));
        stopAt(loop, start + SECOND);

        loop.run();

        assertEquals(1_000, broker.sent.size());
        assertEquals(broker.sent.size(), parking.parks, "one park before each message after the first, and the last");
        parking.assertNeverSpun();
        Histogram delay = drain().get(Metric.PUBLISH_DELAY);
        assertEquals(0, delay.getMinValue(), "message 0, due when the loop started");
        assertEquals(PARK_OVERSHOOT_NANOS / 1_000, delay.getMaxValue(), 1, "only the kernel's lateness");
    }

    @Test
    void parkingWhileTheInFlightLimitHoldsBackNeverSpinsEither() {
        Driver broker = new Driver(false);
        Parking parking = new Parking();
        PacedProducer p = producer(0, broker, RateSchedule.of(1_000, start, 0), 5);
        PublishLoop loop = parking.loop(List.of(p));
        clock.onAdvance(now -> {
            if (now >= start + SECOND / 2 && !broker.acknowledging) {
                broker.acknowledgeFromNowOn();
            }
        });
        stopAt(loop, start + SECOND);

        loop.run();

        assertEquals(1_000, p.tally(clock.nanoTime()).sent(), "caught up once acknowledged");
        parking.assertNeverSpun();
    }

    @Test
    void aParkedLoopSeesAStopPromptlyAtAnyRate() {
        Driver broker = new Driver(true);
        Parking parking = new Parking();
        PacedProducer p = producer(0, broker, RateSchedule.of(1.0 / 60, start, 0), 100_000); // one a minute
        PublishLoop loop = parking.loop(List.of(p));
        long stop = start + 30 * SECOND + 1;
        stopAt(loop, stop);

        loop.run();

        assertEquals(1, broker.sent.size());
        assertTrue(clock.nanoTime() - stop <= ParkingIdler.MAX_PARK_NANOS + PARK_OVERSHOOT_NANOS,
                "stopped " + (clock.nanoTime() - stop) + " ns after the request");
    }

    private PacedProducer producer(int id, Driver driver, double rate, long maxInFlight) {
        return producer(id, driver, RateSchedule.of(rate, start, 0), maxInFlight);
    }

    private PacedProducer producer(int id, Driver driver, RateSchedule schedule, long maxInFlight) {
        return new PacedProducer(id, "t", driver, schedule, KeyChooser.of(KeyDistributorType.NO_KEY, id),
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

    /**
     * The production idler on the manual clock: every park lets the time asked for pass plus Linux's
     * overshoot. The loop reads the clock once per round: a loop that spins goes round without parking.
     */
    private final class Parking {
        long rounds;
        long parks;
        Runnable beforeEachPark = () -> { };

        PublishLoop loop(List<PacedProducer> producers) {
            NanoClock countingRounds = () -> {
                rounds++;
                return clock.nanoTime();
            };
            return new PublishLoop("test", producers, countingRounds, new ParkingIdler(nanos -> {
                beforeEachPark.run();
                parks++;
                clock.advance(nanos + PARK_OVERSHOOT_NANOS);
            }));
        }

        /** Every round but the last ended in a park: none went round again at once to look at the clock. */
        void assertNeverSpun() {
            assertTrue(rounds <= parks + 1, rounds + " rounds but only " + parks + " parks: the loop spun");
        }
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
