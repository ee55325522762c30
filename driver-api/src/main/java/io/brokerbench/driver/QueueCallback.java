package io.brokerbench.driver;

/**
 * What a {@link QueueConsumers} driver reports beside {@code messageReceived}: each record's delivery
 * attempt and what the consumer did with it. The framework's consumer callbacks implement it; a driver
 * checks with {@code instanceof} and otherwise calls {@code messageReceived} only. Same threading
 * contract as {@link io.openmessaging.benchmark.driver.ConsumerCallback}.
 */
public interface QueueCallback {

    /**
     * The consumer accepted the record (processed it): in place of {@code messageReceived}.
     *
     * @param deliveryCount which delivery attempt of the record this was, as the broker counts them (1: the
     *     first); a later one follows a release or an acquisition lock that timed out
     */
    void accepted(byte[] payload, long publishTimestamp, int deliveryCount);

    /**
     * The consumer gave the record back (Kafka's {@code RELEASE}): the broker hands it out again, unless
     * this was its last allowed delivery attempt, after which the broker archives it undelivered.
     *
     * @param lastAttempt whether {@code deliveryCount} reached the group's delivery count limit
     */
    void released(byte[] payload, int deliveryCount, boolean lastAttempt);

    /** The consumer rejected the record (Kafka's {@code REJECT}): archived, never delivered again. */
    void rejected(byte[] payload, int deliveryCount);
}
