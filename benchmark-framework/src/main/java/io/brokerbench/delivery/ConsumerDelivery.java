package io.brokerbench.delivery;

import java.util.ArrayList;
import java.util.List;

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
 * @param queue for a consumer of a queue ({@link io.brokerbench.driver.QueueConsumers}): its releases,
 *     rejections and redeliveries, judged by the queue's rules; {@link QueueDelivery#NONE} for a consumer of a log
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
        boolean readsCommittedOnly,
        QueueDelivery queue) {

    /**
     * The messages of {@code producer} this consumer accounted for other than by accepting them on their
     * first delivery: for a queue's consumer those accepted on a redelivery, rejected, or archived after their
     * last attempt; none for a log's. With {@link #receivedByProducer()} they are what it did not lose.
     */
    public List<SequenceSet> settledOtherwise(int producer) {
        if (!queue.applies()) {
            return List.of();
        }
        List<SequenceSet> sets = new ArrayList<>(3);
        for (byte[][] byProducer : List.of(queue.redeliveredByProducer(), queue.rejectedByProducer(),
                queue.archivedByProducer())) {
            if (producer < byProducer.length) {
                sets.add(SequenceSet.fromBytes(byProducer[producer]));
            }
        }
        return sets;
    }
}
