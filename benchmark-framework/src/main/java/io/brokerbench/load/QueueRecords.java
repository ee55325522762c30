package io.brokerbench.load;

import io.brokerbench.delivery.QueueDelivery;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.remote.wire.HistogramCodec;
import io.brokerbench.stats.LatencyHistograms;
import org.HdrHistogram.Histogram;

/**
 * One queue consumer's records beyond those accepted on their first delivery: which it released, accepted
 * on a redelivery, rejected, or released for the last time, per producer; how many releases; on which
 * attempt each was settled; and the latency of the redelivered ones. Not thread-safe: its
 * {@link MeasuringConsumerCallback} calls it under its own monitor.
 */
final class QueueRecords {

    private static final byte[] NOTHING = new byte[0];

    private final SequenceSet[] releasedRecords;
    private final SequenceSet[] redelivered;
    private final SequenceSet[] rejected;
    private final SequenceSet[] archived;
    private final long[] settledOnAttempt = new long[QueueDelivery.ATTEMPTS];
    private final Histogram redeliveredLatency = LatencyHistograms.newHistogram();
    private long released;
    private long acceptedAgain;
    private long rejectedOrArchived;

    QueueRecords(int producers) {
        releasedRecords = new SequenceSet[producers];
        redelivered = new SequenceSet[producers];
        rejected = new SequenceSet[producers];
        archived = new SequenceSet[producers];
    }

    void acceptedOnRedelivery(int producer, long sequence, int deliveryCount, long latencyMicros) {
        if (!add(redelivered, producer, sequence)) {
            acceptedAgain++;
        }
        redeliveredLatency.recordValue(Math.max(0, latencyMicros));
        settled(deliveryCount);
    }

    void released(int producer, long sequence, int deliveryCount, boolean lastAttempt) {
        released++;
        add(releasedRecords, producer, sequence);
        if (lastAttempt) {
            rejectedOrArchived += add(archived, producer, sequence) ? 1 : 0;
            settled(deliveryCount);
        }
    }

    void rejected(int producer, long sequence, int deliveryCount) {
        rejectedOrArchived += add(rejected, producer, sequence) ? 1 : 0;
        settled(deliveryCount);
    }

    void settled(int deliveryCount) {
        settledOnAttempt[Math.min(Math.max(deliveryCount, 1), QueueDelivery.ATTEMPTS) - 1]++;
    }

    /**
     * How many of this consumer's {@code accepted} deliveries to leave out, and how many records to add, so
     * that its count is of records settled (accepted, rejected or archived) once each: what the run's
     * backlog and drain compare with what was sent. A record accepted by one member and again by another
     * after its lock timed out is still counted twice (only the verifier sees both members).
     */
    long settledAdjustment() {
        return rejectedOrArchived - acceptedAgain;
    }

    QueueDelivery delivery() {
        return new QueueDelivery(true, released, acceptedAgain, bytes(releasedRecords), bytes(redelivered), bytes(rejected),
                bytes(archived), settledOnAttempt.clone(), HistogramCodec.encode(redeliveredLatency));
    }

    /** False when the set already held {@code sequence}. */
    private static boolean add(SequenceSet[] byProducer, int producer, long sequence) {
        SequenceSet set = byProducer[producer];
        if (set == null) {
            set = new SequenceSet();
            byProducer[producer] = set;
        }
        return set.add(sequence);
    }

    private static byte[][] bytes(SequenceSet[] byProducer) {
        byte[][] sets = new byte[byProducer.length][];
        for (int i = 0; i < sets.length; i++) {
            sets[i] = byProducer[i] == null ? NOTHING : byProducer[i].toBytes();
        }
        return sets;
    }
}
