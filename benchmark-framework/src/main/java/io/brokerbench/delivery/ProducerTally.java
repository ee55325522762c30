package io.brokerbench.delivery;

/**
 * What one producer was asked to send and what became of it, taken once its load has stopped. The
 * coordinator compares it with what consumers received, and turns messages that never completed
 * into censored latency samples.
 *
 * @param due messages whose intended send time had come by the load thread's last round (equal to
 *     {@code sent} for an unpaced producer)
 * @param sent messages handed to the driver
 * @param failed sends whose future failed
 * @param unacknowledged sends whose future had not completed when the tally was taken
 * @param firstIntendedEpochMicros intended send time of message 0 (paced producers; else 0)
 * @param periodNanos time between two intended sends; 0 for an unpaced producer
 * @param lastSendEpochMicros when the last message was handed to the driver; 0 if none was
 */
public record ProducerTally(int id, String topic, long due, long sent, long failed, long unacknowledged,
        long firstIntendedEpochMicros, double periodNanos, long lastSendEpochMicros) {

    public boolean paced() {
        return periodNanos > 0;
    }

    /** Messages due that were never handed to the driver. */
    public long unsent() {
        return Math.max(0, due - sent);
    }

    /**
     * When message {@code sequence} was meant to be sent, in epoch microseconds. For an unpaced
     * producer the send time of the last message, which no earlier message's intended time exceeds:
     * a lower bound for latencies measured from it.
     */
    public long intendedEpochMicros(long sequence) {
        return paced() ? firstIntendedEpochMicros + (long) (sequence * periodNanos / 1_000) : lastSendEpochMicros;
    }
}
