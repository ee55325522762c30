package io.brokerbench.delivery;

/**
 * What one consumer received, for verification after the run: counts, and per producer id the
 * sequence numbers it got ({@link SequenceSet#toBytes()}; empty if none), and when the last message
 * arrived ({@code 0} if none did), which ends a count-bounded run's consumption time.
 *
 * @param receivedBytes the payload bytes of the messages counted in {@code received}
 * @param backlogReadMicros when the consumer was reopened on a backlog: from the reopening to the
 *     arrival of the last message sent before it (0 if none arrived), both on the consumer's worker's
 *     clock; -1 if it was never reopened
 * @param duplicateRuns per producer id, the sequence numbers delivered again, as {@link AnomalyLog} runs
 * @param reorderedRuns per producer id, the first deliveries that came out of order, as {@link AnomalyLog} runs
 * @param anomaliesListed false if either list was cut short (the counts above are exact regardless)
 * @param readsCommittedOnly whether the driver's consumer promised to read only committed data (then a
 *     message of an aborted transaction must not arrive)
 */
public record ConsumerDelivery(
        String topic,
        String subscription,
        long received,
        long receivedBytes,
        long duplicates,
        long reordered,
        long foreign,
        long negativeLatencies,
        boolean orderingJudged,
        byte[][] receivedByProducer,
        long lastReceivedEpochMicros,
        long backlogReadMicros,
        long[][] duplicateRuns,
        long[][] reorderedRuns,
        boolean anomaliesListed,
        boolean readsCommittedOnly) {
}
