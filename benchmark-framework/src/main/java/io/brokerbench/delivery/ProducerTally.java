package io.brokerbench.delivery;

/**
 * What one producer was asked to send and what became of it, taken once its load has stopped. The
 * coordinator compares it with what consumers received, and turns messages that never completed
 * into censored latency samples.
 *
 * @param due messages whose intended send time had come well before the stop (see {@code
 *     PacedProducer#tally}), or all that were sent if more; equal to {@code sent} for an unpaced producer
 * @param sent messages handed to the driver
 * @param failed sends whose future failed
 * @param failedSequences the sequence numbers of those sends, as {@link SequenceSet#toBytes} (null from a
 *     worker that does not send them: then none is known)
 * @param unacknowledged sends whose future had not completed when the tally was taken
 * @param segmentStart the first message of the schedule's last rate (0 unless the rate changed)
 * @param segmentIntendedEpochMicros intended send time of message {@code segmentStart} (paced producers; else 0)
 * @param periodNanos time between two intended sends at the last rate; 0 for an unpaced producer
 * @param lastSendEpochMicros when the last message was handed to the driver; 0 if none was
 * @param rateChangeStarts the first message intended under each rate change the producer applied, in
 *     the order the coordinator asked for them (the coordinator counts its changes, so it can tell
 *     which messages belong to which rate phase); a change asked for but not applied before the stop
 *     is missing
 * @param abortedSequences the sequence numbers of the sends the driver aborted on purpose (a transaction
 *     the driver file asked to abort), as {@link SequenceSet#toBytes}; null when none is known. Not
 *     failed, not acknowledged: not expected at a subscription, and an error where one reading only
 *     committed data received them
 */
public record ProducerTally(int id, String topic, long due, long sent, long failed, byte[] failedSequences,
        long unacknowledged, long segmentStart, long segmentIntendedEpochMicros, double periodNanos, long lastSendEpochMicros,
        long[] rateChangeStarts, byte[] abortedSequences) {

    /**
     * Where rate change {@code change} began for this producer: its first message, or where the producer
     * stopped (the end of what was due or sent) if it never applied that change.
     */
    public long rateChangeStart(int change) {
        long end = Math.max(due, sent);
        return change < rateChangeStarts.length ? Math.min(rateChangeStarts[change], end) : end;
    }

    /** The sends whose future failed, by sequence number. */
    public SequenceSet failedSet() {
        return failedSequences == null ? new SequenceSet() : SequenceSet.fromBytes(failedSequences);
    }

    /** The sends the driver aborted on purpose, by sequence number. */
    public SequenceSet abortedSet() {
        return abortedSequences == null ? new SequenceSet() : SequenceSet.fromBytes(abortedSequences);
    }

    public boolean paced() {
        return periodNanos > 0;
    }

    /** Messages due that were never handed to the driver. */
    public long unsent() {
        return Math.max(0, due - sent);
    }

    /**
     * When message {@code sequence} was meant to be sent, in epoch microseconds. For a message sent
     * at an earlier rate, the last rate's start; for an unpaced producer, the send time of the last
     * message: times no earlier than the true intended one, so latencies measured from them are lower
     * bounds.
     */
    public long intendedEpochMicros(long sequence) {
        return paced() ? segmentIntendedEpochMicros + (long) (Math.max(0, sequence - segmentStart) * periodNanos / 1_000)
                : lastSendEpochMicros;
    }
}
