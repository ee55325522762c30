package io.brokerbench.load;

import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.driver.AbortedSend;
import io.brokerbench.stats.PublishStats;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One driver producer with its schedule, sequence numbers, keys and payloads.
 *
 * <p>Threads: {@link #sendDue} runs on its load thread only. Acknowledgements and failures arrive on
 * whatever thread completes the driver's future, several at once possibly; they touch only atomics
 * and the per-thread recorders of {@link PublishStats}. {@link #changeRate} may be called from any
 * thread: the change waits in a queue until the load thread applies it to the schedule, which only
 * the load thread touches. {@link #tally} reads the load thread's plain fields and is called once the
 * load thread has stopped.
 */
public final class PacedProducer {

    /**
     * Messages due this shortly before a stop may not have had their turn: not counted as unsent. Half
     * a second because on a busy machine the scheduler can keep a parked load thread off a core for
     * tens of milliseconds; a stop landing then is the run's timing, not a producer held back. Their
     * lateness still shows in the publish delay; a thread blocked for longer is still caught.
     */
    static final long STOP_GRACE_NANOS = 500_000_000;

    private final int id;
    private final String topic;
    private final BenchmarkProducer producer;
    private final RateSchedule schedule;
    private final KeyChooser keys;
    private final PayloadSource payloads;
    private final boolean stampHeader;
    private final long maxInFlight;
    /** A count-bounded run's share of this producer: it sends no more than this many messages. */
    private final long messageLimit;
    private final PublishStats stats;
    private final NanoClock clock;
    /** Rate changes asked for and not yet applied to the schedule, in the order of their instants. */
    private final Queue<RateChange> rateChanges = new ConcurrentLinkedQueue<>();
    /** Acknowledged or failed on another thread after sendAsync returned. */
    private final AtomicLong completedLater = new AtomicLong();
    /** The numbers of the failed sends (their count is the number of failures); guarded by itself. */
    private final SequenceSet failedSequences = new SequenceSet();
    /** The numbers of the sends the driver aborted on purpose ({@link AbortedSend}); guarded by itself. */
    private final SequenceSet abortedSequences = new SequenceSet();
    /** The first message of each rate change applied, in order: where each rate phase began. Load thread only. */
    private long[] rateChangeStarts = new long[8];
    private int rateChangesApplied;
    private long sent;
    /** Acknowledged or failed within sendAsync: only the load thread counts these, so no atomic is needed. */
    private long completedInline;
    private long lastSendNanos = Long.MIN_VALUE;

    public PacedProducer(int id, String topic, BenchmarkProducer producer, RateSchedule schedule, KeyChooser keys,
            PayloadSource payloads, boolean stampHeader, long maxInFlight, long messageLimit, PublishStats stats, NanoClock clock) {
        this.id = id;
        this.topic = topic;
        this.producer = producer;
        this.schedule = schedule;
        this.keys = keys;
        this.payloads = payloads;
        this.stampHeader = stampHeader;
        this.maxInFlight = maxInFlight;
        this.messageLimit = messageLimit;
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
        applyRateChanges(now);
        for (int burst = 0; burst < maxBurst; burst++) {
            long intended = schedule.nextIntended(now);
            if (intended > now || inFlight() >= maxInFlight || sent >= messageLimit) {
                break;
            }
            now = send(intended, now);
            schedule.advance();
        }
        return now;
    }

    /**
     * When the next message is due, or a rate change takes effect; {@code Long.MIN_VALUE} if unpaced
     * (always due), {@code Long.MAX_VALUE} once the producer has sent all it was to send.
     */
    public long nextDue() {
        if (sent >= messageLimit) {
            return Long.MAX_VALUE;
        }
        if (!schedule.paced()) {
            return Long.MIN_VALUE;
        }
        RateChange change = rateChanges.peek();
        long next = schedule.nextIntended(0);
        return change == null ? next : Math.min(next, change.atNanos());
    }

    /**
     * From {@code atNanos} on (on this producer's clock), publish {@code ratePerSecond} messages a
     * second, 0 pausing, after {@code burst} messages all due at that instant. Any thread; the load
     * thread applies it on its next round at or after that instant, which must be no earlier than the
     * previous change's.
     *
     * @throws IllegalStateException for an unpaced producer
     */
    public void changeRate(double ratePerSecond, long atNanos, long burst) {
        enqueue(new RateChange(ratePerSecond, atNanos, burst, false));
    }

    /**
     * {@link #changeRate} for a max-rate search: from {@code atNanos} on, {@code ratePerSecond} starting
     * from the next message not yet sent, messages due earlier and still unsent intended again under
     * the new rate (see {@link RateSchedule#restartRate}). Any thread, like {@link #changeRate}.
     */
    public void restartRate(double ratePerSecond, long atNanos) {
        enqueue(new RateChange(ratePerSecond, atNanos, 0, true));
    }

    private void enqueue(RateChange change) {
        if (!schedule.paced()) {
            throw new IllegalStateException("producer " + id + " publishes unpaced: its rate cannot change");
        }
        rateChanges.add(change);
    }

    private void applyRateChanges(long now) {
        for (RateChange change = rateChanges.peek(); change != null && change.atNanos() <= now;
                change = rateChanges.peek()) {
            long first = change.restart() ? schedule.restartRate(change.ratePerSecond(), change.atNanos())
                    : schedule.changeRate(change.ratePerSecond(), change.atNanos(), change.burst());
            if (rateChangesApplied == rateChangeStarts.length) {
                rateChangeStarts = Arrays.copyOf(rateChangeStarts, rateChangesApplied * 2);
            }
            rateChangeStarts[rateChangesApplied++] = first;
            rateChanges.poll();
        }
    }

    /** @param restart whether messages due before {@code atNanos} and unsent are intended again (a search's window) */
    private record RateChange(double ratePerSecond, long atNanos, long burst, boolean restart) {
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
        lastSendNanos = sendNanos;
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
            acknowledged.whenComplete((ignored, error) -> onLaterCompletion(sequence, intendedNanos, sendNanos, error));
        } else if (acknowledged.isCompletedExceptionally()) {
            stats.recordSend(delayMicros);
            completedInline++;
            failedOrAborted(sequence, acknowledged.handle((ignored, error) -> error).join(), (returned - intendedNanos) / 1_000);
        } else {
            // the common case of a driver that knows the outcome at once: one critical section for all three
            stats.recordSendAndAck(delayMicros, (returned - sendNanos) / 1_000, (returned - intendedNanos) / 1_000);
            completedInline++;
        }
        return returned;
    }

    private void onLaterCompletion(long sequence, long intendedNanos, long sendNanos, Throwable error) {
        long completedNanos = clock.nanoTime();
        if (error == null) {
            stats.recordAck((completedNanos - sendNanos) / 1_000, (completedNanos - intendedNanos) / 1_000);
        } else {
            failedOrAborted(sequence, error, (completedNanos - intendedNanos) / 1_000);
        }
        completedLater.incrementAndGet();
    }

    /** An aborted send is neither acknowledged nor failed: it has no latency, and the verifier judges it apart. */
    private void failedOrAborted(long sequence, Throwable error, long fromIntendedMicros) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof AbortedSend) {
            synchronized (abortedSequences) {
                abortedSequences.add(sequence);
            }
            stats.recordAborted();
        } else {
            failed(sequence);
            stats.recordFailure(fromIntendedMicros);
        }
    }

    /**
     * Counts a failed send and keeps its number: the verifier must tell a failed send that arrived all
     * the same (an ambiguous outcome) from the loss of an acknowledged one. Failures are rare, so one
     * lock shared by the load thread and the clients' callback threads costs nothing in the common case.
     */
    private void failed(long sequence) {
        synchronized (failedSequences) {
            failedSequences.add(sequence);
        }
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

    /** Messages awaiting acknowledgement; exact on the load thread, an estimate elsewhere. */
    public long inFlight() {
        return sent - completedInline - completedLater.get();
    }

    /**
     * What this producer was asked to do and did, once its load thread has stopped: messages due,
     * sent, failed, still unacknowledged, its schedule in epoch time so the coordinator can tell
     * when each message was meant to go, and where each rate change began.
     *
     * <p>Due counts what was due well before {@code stopNanos} (when the stop was asked for), whether
     * or not the load thread had another round since: a thread blocked inside the driver's
     * {@code sendAsync} (a client waiting on a dead broker) has no more rounds, but the schedule went
     * on. Messages due in the last moments before the stop are left out, as they may simply not have
     * had their turn yet: a producer a few hundred messages behind when the stop lands (at a million
     * messages a second, waiting on the in-flight limit for a fraction of a millisecond) held its rate.
     */
    public ProducerTally tally(long stopNanos) {
        applyRateChanges(stopNanos);
        long due = sent;
        if (schedule.paced()) {
            long grace = (long) Math.max(2 * schedule.periodNanos(), STOP_GRACE_NANOS);
            due = Math.max(due, schedule.dueBy(stopNanos - grace));
            due = Math.min(due, messageLimit);
        }
        long segmentStart = schedule.segmentStart();
        long segmentIntended = schedule.paced() ? WallClock.epochMicros(schedule.intendedOf(segmentStart)) : 0;
        long lastSend = lastSendNanos == Long.MIN_VALUE ? 0 : WallClock.epochMicros(lastSendNanos);
        byte[] failedNumbers;
        long failed;
        synchronized (failedSequences) {
            failedNumbers = failedSequences.toBytes();
            failed = failedSequences.distinct();
        }
        byte[] abortedNumbers;
        synchronized (abortedSequences) {
            abortedNumbers = abortedSequences.toBytes();
        }
        return new ProducerTally(id, topic, due, sent, failed, failedNumbers, inFlight(), segmentStart, segmentIntended,
                schedule.periodNanos(), lastSend, Arrays.copyOf(rateChangeStarts, rateChangesApplied), abortedNumbers);
    }
}
