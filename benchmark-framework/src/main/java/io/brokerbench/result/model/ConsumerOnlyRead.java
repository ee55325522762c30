package io.brokerbench.result.model;

/**
 * A consumer-only run ({@code "consumerOnly"}): what its consumers read from the existing topics and
 * how fast, from the start of the load to the last message's arrival. Times and rates are null when
 * nothing arrived.
 *
 * @param endedQuiet true when the read ended because nothing more arrived for the drain timeout (the
 *     topics read to their end), false when the test duration ended it with messages still arriving
 */
public record ConsumerOnlyRead(
        long messages,
        long bytes,
        Double readSeconds,
        Double readRate,
        Double readMBps,
        boolean endedQuiet) {
}
