package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.driver.AbortedSend;
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
import java.util.concurrent.CompletionException;
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
        return producer(rate, maxInFlight, Long.MAX_VALUE, stats, keys);
    }

    private PacedProducer producer(double rate, long maxInFlight, long messageLimit, PublishStats stats,
            KeyDistributorType keys) {
        RateSchedule schedule = RateSchedule.of(rate, now, 0);
        return new PacedProducer(3, "t", driver, schedule, KeyChooser.of(keys, 1), new PayloadSource(new byte[][] {new byte[64]}, false),
                true, maxInFlight, messageLimit, stats, () -> now);
    }

    @Test
    void aCountBoundedProducerSendsItsShareAndThenNothingIsDue() {
        PacedProducer paced = producer(1000, 1_000_000, 7, new PublishStats(), KeyDistributorType.NO_KEY);
        now += 10_000_000; // 11 messages due by the schedule, 7 to send in all
        paced.sendDue(now, 1000);
        assertEquals(7, sent.size());
        assertEquals(Long.MAX_VALUE, paced.nextDue(), "nothing more is ever due, so the load thread parks");
        now += 1_000_000_000;
        paced.sendDue(now, 1000);
        assertEquals(7, sent.size());
        assertEquals(7, paced.tally(now).due(), "what the schedule would have sent beyond the share is not due");

        PacedProducer unpaced = producer(0, 1_000_000, 2, new PublishStats(), KeyDistributorType.NO_KEY);
        unpaced.sendDue(now, 1000);
        assertEquals(9, sent.size());
        assertEquals(Long.MAX_VALUE, unpaced.nextDue());
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
        assertEquals(1, p.tally(now).failed());
        assertEquals(1, stats.errorsTotal());
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        assertEquals(1, interval.get(Metric.PUBLISH_LATENCY).getTotalCount());
    }

    @Test
    void acknowledgementTimesComeFromTheInjectedClock() {
        PublishStats stats = new PublishStats();
        PacedProducer p = producer(1000, 1_000_000, stats, KeyDistributorType.NO_KEY);
        long start = now;
        p.sendDue(now, 1000); // message 0, due and sent at start
        now += 7_250_000;
        pending.get(0).complete(null); // acknowledged 7.25 ms after it was sent, by the test's clock
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        assertEquals(7_250, interval.get(Metric.PUBLISH_LATENCY).getMaxValue(), 7);
        assertEquals(7_250, interval.get(Metric.PUBLISH_LATENCY_FROM_INTENDED).getMaxValue(), 7);
        assertEquals(start, now - 7_250_000);
    }

    @Test
    void aFailedSendEntersTheLatencyFromIntendedTimeAsACensoredSample() {
        PublishStats stats = new PublishStats();
        PacedProducer p = producer(1000, 1_000_000, stats, KeyDistributorType.NO_KEY);
        p.sendDue(now, 1000);
        now += 30_000_000;
        pending.get(0).completeExceptionally(new IllegalStateException("timed out"));
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        assertEquals(0, interval.get(Metric.PUBLISH_LATENCY).getTotalCount(), "a failure is no acknowledgement");
        assertEquals(1, interval.get(Metric.PUBLISH_LATENCY_FROM_INTENDED).getTotalCount());
        assertEquals(30_000, interval.get(Metric.PUBLISH_LATENCY_FROM_INTENDED).getMaxValue(), 30);
    }

    @Test
    void aSendTheDriverAbortedOnPurposeIsTalliedByNumberAndIsNoFailure() {
        PublishStats stats = new PublishStats();
        PacedProducer p = producer(1000, 1_000_000, stats, KeyDistributorType.NO_KEY);
        now += 2_500_000; // messages 0..2 due
        p.sendDue(now, 1000);
        pending.get(0).complete(null);
        pending.get(1).completeExceptionally(new CompletionException(new AbortedSend("transaction aborted")));
        pending.get(2).completeExceptionally(new AbortedSend("transaction aborted"));
        var tally = p.tally(now);
        assertEquals(0, tally.failed());
        assertEquals(0, tally.unacknowledged());
        assertEquals(2, tally.abortedSet().distinct());
        assertTrue(tally.abortedSet().contains(1) && tally.abortedSet().contains(2));
        LatencyHistograms interval = new LatencyHistograms();
        stats.drainInto(interval);
        assertEquals(1, interval.get(Metric.PUBLISH_LATENCY_FROM_INTENDED).getTotalCount(), "an abort has no latency");
    }

    @Test
    void tallyCountsMessagesDueButHeldBackAndThoseNeverAcknowledged() {
        PublishStats stats = new PublishStats();
        PacedProducer p = producer(1000, 5, stats, KeyDistributorType.NO_KEY);
        long start = now;
        now += 1_099_500_000; // messages 0..1099 due, the in-flight limit lets 5 go
        p.sendDue(now, 1000);
        pending.get(0).complete(null);
        pending.get(1).completeExceptionally(new IllegalStateException("no"));
        var tally = p.tally(now);
        assertEquals(600, tally.due(), "messages 0..599; those due in the last 500 ms may not have had their turn");
        assertEquals(5, tally.sent());
        assertEquals(595, tally.unsent());
        assertEquals(1, tally.failed());
        assertEquals(3, tally.unacknowledged());
        assertEquals(1_000_000, tally.periodNanos(), 1e-6);
        assertEquals(WallClock.epochMicros(start + 42_000_000L), tally.intendedEpochMicros(42), 1);
    }

    @Test
    void aProducerJustBehindWhenTheStopLandsHeldItsRate() {
        // 10,000 msg/s with at most 100 in flight, each millisecond's messages acknowledged at once
        PacedProducer p = producer(10_000, 100, new PublishStats(), KeyDistributorType.NO_KEY);
        long end = now + 1_000_000_000L;
        for (; now < end; now += 1_000_000) {
            p.sendDue(now, 100_000);
            pending.forEach(ack -> ack.complete(null));
            pending.clear();
        }
        assertEquals(9_991, sent.size(), "kept up: messages 0..9990 were due by the last round, at 999 ms");
        now += 11_700_000; // 127 more fall due, and the in-flight limit lets 100 go
        p.sendDue(now, 100_000);
        assertEquals(10_091, sent.size(), "27 due and unsent when the stop lands");
        var tally = p.tally(now);
        assertEquals(0, tally.unsent(), "2.7 ms behind as the run stopped: the rate was held");
        assertEquals(10_091, tally.due());
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

    @Test
    void aLoadThreadStuckInsideTheDriverStillLeavesTheScheduleGoingOn() {
        PacedProducer p = producer(1000, 1_000_000, new PublishStats(), KeyDistributorType.NO_KEY);
        p.sendDue(now, 1000); // message 0; then the thread never comes back (blocked in sendAsync)
        long stop = now + 10_000_000_000L;
        var tally = p.tally(stop);
        // due 10 s worth, less the last 500 ms before the stop that may not have had their turn
        assertEquals(9_501, tally.due());
        assertEquals(1, tally.sent());
        assertEquals(9_500, tally.unsent());
    }

    @Test
    void aRateChangeTakesEffectAtItsInstantOnTheNextRound() {
        PacedProducer p = producer(1000, 1_000_000, new PublishStats(), KeyDistributorType.NO_KEY);
        long start = now;
        p.changeRate(0, start + 3_500_000, 0); // pause after messages 0..3
        assertEquals(start, p.nextDue());
        now += 10_000_000; // the load thread comes late: what was due before the pause still goes
        p.sendDue(now, 1000);
        assertEquals(4, sent.size());
        assertEquals(Long.MAX_VALUE, p.nextDue());
        p.changeRate(500, now, 0); // resumes half a period of 1 ms after the pause's phase: 2 ms × 0.5
        assertEquals(now, p.nextDue());
        p.sendDue(now, 1000);
        assertEquals(now + 1_000_000, p.nextDue());
        now += 1_000_000;
        p.sendDue(now, 1000);
        assertEquals(5, sent.size());
        assertEquals(WallClock.epochMicros(now), MessageHeader.intendedMicros(sent.get(4)));
        var tally = p.tally(now);
        assertEquals(5, tally.due());
        assertEquals(2_000_000, tally.periodNanos(), 1e-6);
        assertEquals(WallClock.epochMicros(now + 2_000_000), tally.intendedEpochMicros(5), 1);
        // where each change began, for the rate phases' verdicts: the pause at message 4, the new rate at 4 too
        assertArrayEquals(new long[] {4, 4}, tally.rateChangeStarts());
        assertEquals(5, tally.rateChangeStart(2), "a change never applied begins where the producer stopped");
    }
    @Test
    void aRestartLeavesNothingOverdueFromTheRateBefore() {
        // 1,000 msg/s with at most 2 in flight: unacknowledged, the producer falls behind its schedule
        PacedProducer p = producer(1000, 2, new PublishStats(), KeyDistributorType.NO_KEY);
        now += 10_500_000; // half-way through a period: the phase the new rate keeps
        p.sendDue(now, 1000);
        assertEquals(2, sent.size(), "held back by the in-flight limit");
        pending.forEach(ack -> ack.complete(null));
        p.restartRate(100, now); // 9 messages were overdue: a restart intends them again at 100 msg/s
        p.sendDue(now, 1000);
        assertEquals(2, sent.size(), "the overdue messages are not sent at once");
        long next = p.nextDue();
        assertEquals(now + 5_000_000, next, "half a period of 10 ms on, as the phase was");
        now = next;
        p.sendDue(now, 1000);
        assertEquals(3, sent.size());
        assertEquals(WallClock.epochMicros(now), MessageHeader.intendedMicros(sent.get(2)));
        var tally = p.tally(now);
        assertEquals(3, tally.due(), "what the restart forgot is not counted unsent");
        assertArrayEquals(new long[] {2}, tally.rateChangeStarts());
    }
}
