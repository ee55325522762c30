package io.brokerbench.load;

import io.brokerbench.delivery.AnomalyLog;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.delivery.QueueDelivery;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.driver.QueueCallback;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.WallClock;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;

/**
 * The callback one consumer's driver delivers to. It measures end-to-end latency from the header's
 * microsecond send time (and from the intended time), and records each producer's sequence numbers
 * for delivery verification.
 *
 * <p>Threads: drivers may deliver from any thread, and from several at once (see
 * {@link ConsumerCallback}). Everything happens under this object's monitor, so concurrent
 * deliveries are counted exactly; the lock is uncontended for drivers that deliver to one consumer
 * from one thread, and holding it lets the histograms be plain ones that the stats reader swaps
 * under the same lock, with no per-value atomics. The state outlives driver
 * consumers: when consumers are closed and reopened (to build a backlog) the new one gets this
 * same callback, so nothing received before is forgotten.
 *
 * <p>A consumer of a queue ({@link io.brokerbench.driver.QueueConsumers}) also reports what it released
 * and rejected and each record's delivery attempt ({@link QueueCallback}): a record accepted on its first
 * attempt is counted as any other; one accepted on a later attempt is counted received but kept apart
 * (its latency includes the time it spent released), and what was rejected or archived is remembered, so
 * that the verifier accounts for it instead of calling it lost.
 */
public final class MeasuringConsumerCallback implements ConsumerCallback, QueueCallback {

    private static final byte[] NOTHING = new byte[0];

    private final String topic;
    private final String subscription;
    private final boolean headers;
    private final SequenceSet[] receivedByProducer;
    private final OrderingCheck ordering;
    /** Which messages came twice or out of order, so each can be put in its rate phase. */
    private final AnomalyLog duplicateLog;
    private final AnomalyLog reorderedLog;
    private final NanoClock clock;
    private final boolean readsCommittedOnly;
    /** Null for a consumer of a log. */
    private final QueueRecords queue;
    private Histogram endToEnd = LatencyHistograms.newHistogram();
    private Histogram endToEndFromIntended = LatencyHistograms.newHistogram();
    private Histogram spareEndToEnd = LatencyHistograms.newHistogram();
    private Histogram spareFromIntended = LatencyHistograms.newHistogram();
    private long received;
    private long receivedBytes;
    private long duplicates;
    private long reordered;
    private long foreign;
    private long negativeLatencies;
    private long lastReceivedNanos = Long.MIN_VALUE;
    /** Messages sent before this (epoch µs) were waiting when the consumers reopened on a backlog. */
    private long backlogSentBeforeMicros = Long.MIN_VALUE;
    private long reopenedNanos = Long.MIN_VALUE;
    private long lastBacklogReceivedNanos;
    /** Messages sent before this (epoch µs) are an earlier run's, left in a topic that existed before. */
    private long earlierRunsBeforeMicros = Long.MIN_VALUE;
    private volatile boolean probeSeen;

    /**
     * @param headers whether payloads carry the header (messages of at least MessageHeader.SIZE bytes)
     * @param producers how many producers the whole run has (ids 0 .. producers-1)
     * @param readsCommittedOnly whether the driver's consumer promises to read only committed data
     * @param queueRules whether the driver's consumer takes records from a queue (then {@code ordering} should
     *     judge nothing: a queue promises no order)
     */
    public MeasuringConsumerCallback(String topic, String subscription, boolean headers, int producers,
            OrderingCheck ordering, boolean readsCommittedOnly, boolean queueRules, NanoClock clock) {
        this.clock = clock;
        this.readsCommittedOnly = readsCommittedOnly;
        this.topic = topic;
        this.subscription = subscription;
        this.headers = headers;
        // a set per producer once it is heard from: a consumer of one topic among many hears from few of them
        this.receivedByProducer = new SequenceSet[producers];
        this.ordering = ordering;
        this.duplicateLog = new AnomalyLog(producers);
        this.reorderedLog = new AnomalyLog(producers);
        this.queue = queueRules ? new QueueRecords(producers) : null;
    }

    @Override
    public void messageReceived(byte[] payload, long publishTimestamp) {
        long receivedNanos = clock.nanoTime();
        synchronized (this) {
            if (!headers) {
                countWithoutHeader(receivedNanos, publishTimestamp, payload.length);
            } else if (!MessageHeader.hasMagic(payload)) {
                foreign++;
            } else {
                count(receivedNanos, MessageHeader.producerId(payload), MessageHeader.sequence(payload),
                        MessageHeader.intendedMicros(payload), MessageHeader.sendMicros(payload), payload.length);
            }
        }
    }

    @Override
    public void messageReceived(ByteBuffer payload, long publishTimestamp) {
        long receivedNanos = clock.nanoTime();
        synchronized (this) {
            if (!headers) {
                countWithoutHeader(receivedNanos, publishTimestamp, payload.remaining());
            } else if (!MessageHeader.hasMagic(payload)) {
                foreign++;
            } else {
                count(receivedNanos, MessageHeader.producerId(payload), MessageHeader.sequence(payload),
                        MessageHeader.intendedMicros(payload), MessageHeader.sendMicros(payload), payload.remaining());
            }
        }
    }

    @Override
    public void accepted(byte[] payload, long publishTimestamp, int deliveryCount) {
        if (queue == null || deliveryCount <= 1 || !headers || !MessageHeader.hasMagic(payload)) {
            messageReceived(payload, publishTimestamp);
            return;
        }
        long receivedNanos = clock.nanoTime();
        synchronized (this) {
            int producer = MessageHeader.producerId(payload);
            long sendMicros = MessageHeader.sendMicros(payload);
            if (isThisRunsMessage(producer, sendMicros)) {
                countArrival(receivedNanos, sendMicros, payload.length);
                queue.acceptedOnRedelivery(producer, MessageHeader.sequence(payload), deliveryCount,
                        WallClock.epochMicros(receivedNanos) - sendMicros);
            }
        }
    }

    @Override
    public void released(byte[] payload, int deliveryCount, boolean lastAttempt) {
        settledUnaccepted(payload, deliveryCount, false, lastAttempt);
    }

    @Override
    public void rejected(byte[] payload, int deliveryCount) {
        settledUnaccepted(payload, deliveryCount, true, false);
    }

    /** A queue's record given back ({@code rejected} false) or rejected: remembered by number, not received. */
    private void settledUnaccepted(byte[] payload, int deliveryCount, boolean rejected, boolean lastAttempt) {
        if (queue == null || !headers || !MessageHeader.hasMagic(payload)) {
            return;
        }
        synchronized (this) {
            int producer = MessageHeader.producerId(payload);
            if (isThisRunsMessage(producer, MessageHeader.sendMicros(payload))) {
                long sequence = MessageHeader.sequence(payload);
                if (rejected) {
                    queue.rejected(producer, sequence, deliveryCount);
                } else {
                    queue.released(producer, sequence, deliveryCount, lastAttempt);
                }
            }
        }
    }

    /** False (counted foreign, or noted as the probe) for a message that is none of this run's producers'. */
    private boolean isThisRunsMessage(int producer, long sendMicros) {
        if (sendMicros < earlierRunsBeforeMicros) {
            // its producer id and sequence number belong to another run: judged with this run's, it would
            // count as a duplicate (or an old probe as this run's)
            foreign++;
            return false;
        }
        if (producer == MessageHeader.PROBE_PRODUCER) {
            probeSeen = true;
            return false;
        }
        if (producer < 0 || producer >= receivedByProducer.length) {
            foreign++;
            return false;
        }
        return true;
    }

    private void countArrival(long receivedNanos, long sendMicros, int bytes) {
        received++;
        receivedBytes += bytes;
        lastReceivedNanos = receivedNanos;
        if (sendMicros < backlogSentBeforeMicros) {
            lastBacklogReceivedNanos = receivedNanos;
        }
    }

    private void count(long receivedNanos, int producer, long sequence, long intendedMicros, long sendMicros, int bytes) {
        if (!isThisRunsMessage(producer, sendMicros)) {
            return;
        }
        long receivedMicros = WallClock.epochMicros(receivedNanos);
        record(endToEnd, receivedMicros - sendMicros);
        record(endToEndFromIntended, receivedMicros - intendedMicros);
        countArrival(receivedNanos, sendMicros, bytes);
        if (queue != null) {
            queue.settled(1);
        }
        SequenceSet sequences = receivedByProducer[producer];
        if (sequences == null) {
            sequences = new SequenceSet();
            receivedByProducer[producer] = sequences;
        }
        if (!sequences.add(sequence)) {
            duplicates++;
            duplicateLog.add(producer, sequence);
        } else if (!ordering.inOrder(producer, sequence)) {
            reordered++;
            reorderedLog.add(producer, sequence);
        }
    }

    /** Messages too small for a header: OMB's millisecond end-to-end latency, no verification. */
    private void countWithoutHeader(long receivedNanos, long publishTimestampMillis, int bytes) {
        received++;
        receivedBytes += bytes;
        lastReceivedNanos = receivedNanos;
        if (publishTimestampMillis > 0 && publishTimestampMillis * 1_000 < backlogSentBeforeMicros) {
            lastBacklogReceivedNanos = receivedNanos;
        }
        if (publishTimestampMillis > 0) {
            record(endToEnd, WallClock.epochMicros(receivedNanos) - publishTimestampMillis * 1_000);
        }
    }

    private void record(Histogram histogram, long micros) {
        if (micros < 0) {
            negativeLatencies++;
            micros = 0;
        }
        histogram.recordValue(micros);
    }

    /**
     * Swaps out the end-to-end histograms recorded since the last call and adds them to {@code into}.
     * Only the stats thread calls this.
     */
    public void drainInto(LatencyHistograms into) {
        Histogram interval;
        Histogram intervalFromIntended;
        synchronized (this) {
            interval = endToEnd;
            intervalFromIntended = endToEndFromIntended;
            endToEnd = spareEndToEnd;
            endToEndFromIntended = spareFromIntended;
            spareEndToEnd = interval;
            spareFromIntended = intervalFromIntended;
        }
        // the spares are not written until the next swap, which only this (the stats) thread does
        into.add(Metric.END_TO_END, interval);
        into.add(Metric.END_TO_END_FROM_INTENDED, intervalFromIntended);
        interval.reset();
        intervalFromIntended.reset();
    }

    /**
     * The driver's consumer is about to be reopened on a backlog at {@code nanos} (this worker's
     * clock): every message sent before then is part of it, and the arrival of the last of them ends
     * its reading ({@link ConsumerDelivery#backlogReadMicros()}). Called by the worker's control thread.
     */
    public synchronized void reopeningOnBacklog(long nanos) {
        reopenedNanos = nanos;
        lastBacklogReceivedNanos = nanos;
        backlogSentBeforeMicros = WallClock.epochMicros(nanos);
    }

    /**
     * From now on (before the driver's consumer opens), headed messages sent before now are counted as
     * foreign: a topic that existed before the run may hold earlier runs' messages, which a new
     * subscription reads from the start. Called by the worker's control thread.
     */
    public synchronized void ignoreEarlierRuns() {
        earlierRunsBeforeMicros = WallClock.epochMicros(clock.nanoTime());
    }

    /**
     * Messages received, for the run's consume rate, backlog and drain; for a queue consumer, records settled
     * instead (accepted, rejected or archived, each once), as a rejected record is as done as an accepted one.
     */
    public synchronized long receivedCount() {
        return queue == null ? received : received + queue.settledAdjustment();
    }

    public boolean probeSeen() {
        return probeSeen;
    }

    public String topic() {
        return topic;
    }

    public String subscription() {
        return subscription;
    }

    /** A copy of what this consumer has seen, for delivery verification at the end of the run. */
    public synchronized ConsumerDelivery delivery() {
        byte[][] sets = new byte[receivedByProducer.length][];
        for (int i = 0; i < sets.length; i++) {
            sets[i] = receivedByProducer[i] == null ? NOTHING : receivedByProducer[i].toBytes();
        }
        return new ConsumerDelivery(topic, subscription, received, receivedBytes, duplicates, reordered, foreign,
                negativeLatencies, ordering.judged(), sets,
                lastReceivedNanos == Long.MIN_VALUE ? 0 : WallClock.epochMicros(lastReceivedNanos),
                reopenedNanos == Long.MIN_VALUE ? -1 : (lastBacklogReceivedNanos - reopenedNanos) / 1_000,
                duplicateLog.toRuns(), reorderedLog.toRuns(), duplicateLog.complete() && reorderedLog.complete(),
                readsCommittedOnly, queue == null ? QueueDelivery.NONE : queue.delivery());
    }
}
