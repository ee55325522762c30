package io.brokerbench.load;

import io.brokerbench.stats.PublishStats;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One driver producer with its schedule, sequence numbers, keys and payloads. {@link #sendDue} runs
 * on its load thread only; acknowledgements arrive on driver threads.
 */
public final class PacedProducer {

    private final int id;
    private final String topic;
    private final BenchmarkProducer producer;
    private final RateSchedule schedule;
    private final KeyChooser keys;
    private final PayloadSource payloads;
    private final boolean stampHeader;
    private final long maxInFlight;
    private final PublishStats stats;
    private final NanoClock clock;
    /** Acknowledged by driver threads after sendAsync returned. */
    private final AtomicLong completedLater = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private long sent;
    /** Acknowledged within sendAsync: only the load thread counts these, so no atomic is needed. */
    private long completedInline;

    public PacedProducer(int id, String topic, BenchmarkProducer producer, RateSchedule schedule, KeyChooser keys,
            PayloadSource payloads, boolean stampHeader, long maxInFlight, PublishStats stats, NanoClock clock) {
        this.id = id;
        this.topic = topic;
        this.producer = producer;
        this.schedule = schedule;
        this.keys = keys;
        this.payloads = payloads;
        this.stampHeader = stampHeader;
        this.maxInFlight = maxInFlight;
        this.stats = stats;
        this.clock = clock;
    }

    /**
     * Sends every message that is due by {@code now}, at most {@code maxBurst}, each stamped with a
     * fresh send time; stops early when {@code maxInFlight} messages await acknowledgement.
     *
     * @return the clock's last reading
     */
    public long sendDue(long now, int maxBurst) {
        for (int burst = 0; burst < maxBurst; burst++) {
            long intended = schedule.nextIntended(now);
            if (intended > now || inFlight() >= maxInFlight) {
                break;
            }
            now = send(intended, now);
            schedule.advance();
        }
        return now;
    }

    /** When the next message is due; {@code Long.MIN_VALUE} if unpaced (always due). */
    public long nextDue() {
        return schedule.paced() ? schedule.nextIntended(0) : Long.MIN_VALUE;
    }

    /** Whether the in-flight limit, not the schedule, is what holds this producer back. */
    public boolean blocked() {
        return inFlight() >= maxInFlight;
    }

    /**
     * Sends one message and returns the clock reading taken when {@code sendAsync} returned. That
     * reading is the acknowledgement time of a driver that completed the future inside the call (the
     * in-memory driver, a driver failing fast), and the next message's send time either way — one
     * clock read serves both.
     */
    private long send(long intendedNanos, long sendNanos) {
        long sequence = sent++;
        byte[] payload = payloads.next(sequence);
        if (stampHeader) {
            MessageHeader.write(payload, id, sequence, WallClock.epochMicros(intendedNanos), WallClock.epochMicros(sendNanos));
        }
        CompletableFuture<Void> acknowledged;
        try {
            acknowledged = producer.sendAsync(keys.keyFor(sequence), payload);
        } catch (RuntimeException e) {
            acknowledged = CompletableFuture.failedFuture(e);
        }
        long returned = clock.nanoTime();
        long delayMicros = (sendNanos - intendedNanos) / 1_000;
        if (!acknowledged.isDone()) {
            stats.recordSend(delayMicros);
            acknowledged.whenComplete((ignored, error) -> onLaterAcknowledgement(intendedNanos, sendNanos, error));
        } else if (acknowledged.isCompletedExceptionally()) {
            stats.recordSend(delayMicros);
            completeInline(true);
        } else {
            stats.recordSendAndAck(delayMicros, (returned - sendNanos) / 1_000, (returned - intendedNanos) / 1_000);
            completeInline(false);
        }
        return returned;
    }

    private void completeInline(boolean error) {
        completedInline++;
        if (error) {
            failed.incrementAndGet();
            stats.recordError();
        }
    }

    private void onLaterAcknowledgement(long intendedNanos, long sendNanos, Throwable error) {
        if (error == null) {
            long ackNanos = System.nanoTime();
            stats.recordAck((ackNanos - sendNanos) / 1_000, (ackNanos - intendedNanos) / 1_000);
        } else {
            failed.incrementAndGet();
            stats.recordError();
        }
        completedLater.incrementAndGet();
    }

    public int id() {
        return id;
    }

    public String topic() {
        return topic;
    }

    public BenchmarkProducer producer() {
        return producer;
    }

    /**
     * Messages handed to the driver so far. A plain field, written per message by the load thread:
     * other threads read it only after the load thread has stopped (joined).
     */
    public long sentCount() {
        return sent;
    }

    public long failedCount() {
        return failed.get();
    }

    /** Messages awaiting acknowledgement; exact on the load thread, an estimate elsewhere. */
    public long inFlight() {
        return sent - completedInline - completedLater.get();
    }
}
