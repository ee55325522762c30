package io.brokerbench.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Whether one subscription got every message exactly once and in order.
 *
 * @param expected messages its topic's producers sent successfully: acknowledged (sent − failed −
 *     never acknowledged)
 * @param received deliveries, duplicates included
 * @param lost expected messages that never arrived
 * @param duplicated deliveries beyond the first of a message (within a consumer or across the
 *     consumers of the subscription)
 * @param reordered first deliveries that came after a later message of their ordering domain
 * @param orderingJudged false where the broker promises no order for this workload (then
 *     reordered is 0 by definition)
 * @param sendFailures sends to its topic whose future failed and that this subscription never received
 *     (a failed send is not expected, so not lost, but a run with failed sends did not deliver what it
 *     was asked to; nor is a send never acknowledged, which the run's producer totals count and which
 *     also fails the run)
 * @param failedButReceived sends the client reported failed that this subscription received all the
 *     same: an ambiguous outcome (the broker stored a message its client gave up on, as when a
 *     publish times out), which an application that retries failed sends would have duplicated;
 *     counted apart from failures and losses, and a fault of the run
 * @param neverReceived messages handed to the driver (failed ones included) that this
 *     subscription never received; messages of aborted transactions are not included
 * @param aborted messages to its topic that the driver aborted on purpose (transactions the driver file
 *     asked to abort): neither expected nor lost
 * @param abortedSeen how many of those this subscription received (all of them, for consumers that read
 *     uncommitted data from a broker that stored them)
 * @param abortedReadCommitted how many of those reached consumers that promised to read only committed
 *     data: each is a fault of the run
 * @param queue a queue's subscription ({@link io.brokerbench.driver.QueueConsumers}), judged by the queue's
 *     rules: no order, deliveries again after a release or a lock timeout, rejected and archived messages
 *     accounted for rather than lost; null for a log's
 */
public record SubscriptionVerdict(
        String topic,
        String subscription,
        long expected,
        long received,
        long lost,
        long duplicated,
        long reordered,
        boolean orderingJudged,
        long sendFailures,
        long failedButReceived,
        long neverReceived,
        long aborted,
        long abortedSeen,
        long abortedReadCommitted,
        @JsonInclude(JsonInclude.Include.NON_NULL) QueueVerdict queue) {

    /**
     * Every message sent to the topic arrived here exactly once, in order where judged, no send failed,
     * and no aborted message reached a consumer reading only committed data.
     */
    public boolean clean() {
        return lost == 0 && duplicated == 0 && reordered == 0 && sendFailures == 0 && failedButReceived == 0
                && abortedReadCommitted == 0;
    }
}
