package io.brokerbench.delivery;

/**
 * What one consumer of a queue ({@link io.brokerbench.driver.QueueConsumers}) did with its records beyond
 * accepting them on their first delivery, which {@link ConsumerDelivery#receivedByProducer()} holds.
 * Sequence sets per producer id as {@link SequenceSet#toBytes()}, empty where none. A consumer of a log
 * has {@link #NONE} (the worker API's JSON takes no nulls).
 *
 * @param applies false for {@link #NONE}: a consumer of a log
 * @param released deliveries the consumer gave back (each is delivered again, or archived after its last attempt)
 * @param releasedByProducer records the consumer gave back at least once
 * @param acceptedAgain acceptances of a record this consumer had already accepted on a redelivery (the
 *     broker redelivered it after the consumer's acknowledgement came too late: allowed by the queue's rules)
 * @param redeliveredByProducer records accepted on a delivery attempt after the first
 * @param rejectedByProducer records the consumer rejected (archived on its request)
 * @param archivedByProducer records released on their last allowed attempt (archived by the broker)
 * @param settledOnAttempt index i: records accepted, rejected or archived on delivery attempt i + 1 (the
 *     last index also counts later attempts)
 * @param redeliveredLatency end-to-end latency (µs, from the send) of records accepted on a redelivery,
 *     kept out of the run's end-to-end latency; an encoded histogram ({@code HistogramCodec})
 */
public record QueueDelivery(
        boolean applies,
        long released,
        long acceptedAgain,
        byte[][] releasedByProducer,
        byte[][] redeliveredByProducer,
        byte[][] rejectedByProducer,
        byte[][] archivedByProducer,
        long[] settledOnAttempt,
        String redeliveredLatency) {

    /** Attempts told apart in {@link #settledOnAttempt()}: Kafka allows at most 10 delivery attempts. */
    public static final int ATTEMPTS = 10;

    /** What a consumer of a log has: none of it. */
    public static final QueueDelivery NONE = new QueueDelivery(false, 0, 0, new byte[0][], new byte[0][], new byte[0][],
            new byte[0][], new long[ATTEMPTS], "");
}
