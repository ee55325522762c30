package io.brokerbench.driver;

/**
 * Optional capability of a {@link io.openmessaging.benchmark.driver.BenchmarkDriver}: whether the
 * consumers of a subscription take records from a queue (Kafka's share groups, KIP-932) rather than
 * read a log. The delivery verifier then applies the queue's rules instead of the log's: no order is
 * promised, and a record may be delivered again once a consumer released it or its acquisition lock
 * timed out. Such a driver reports each record's fate through {@link QueueCallback} when the callback
 * it was given implements it.
 */
public interface QueueConsumers {

    /** True when every consumer this driver creates takes records from a queue. */
    boolean consumersFollowQueueRules();
}
