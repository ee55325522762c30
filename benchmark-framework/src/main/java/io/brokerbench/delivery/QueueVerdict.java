package io.brokerbench.delivery;

import io.brokerbench.result.model.LatencyStats;

/**
 * A queue subscription's deliveries beyond "each message once" ({@link io.brokerbench.driver.QueueConsumers}):
 * what its consumers released and rejected, what the broker delivered again and archived. None of it is
 * a fault: the queue's rules allow it. Lost is still a fault: a message is accounted for once accepted,
 * rejected or archived.
 *
 * @param released deliveries given back by the consumers
 * @param redelivered messages accepted on a delivery attempt after the first
 * @param redeliveredUnreleased of those, the messages no consumer had released: delivered again because
 *     the member holding them left the group, or their acquisition lock timed out before the member handed
 *     them on (one that hands them on late accepted them too: {@code acceptedAgain})
 * @param acceptedAgain acceptances of a message already accepted (a redelivery after the consumer's
 *     acknowledgement came too late; at-least-once, as the queue's rules allow)
 * @param rejected messages the consumers rejected (archived on their request)
 * @param archived messages released on their last allowed delivery attempt, archived by the broker, and
 *     never accepted
 * @param settledOnAttempt index i: messages accepted, rejected or archived on delivery attempt i + 1 (the
 *     last index counts later attempts too)
 * @param redeliveredEndToEndLatency end-to-end latency in ms (from the send) of the messages accepted on a
 *     redelivery, kept out of the run's end-to-end latency (it includes the time spent released); null
 *     when none was
 */
public record QueueVerdict(
        long released,
        long redelivered,
        long redeliveredUnreleased,
        long acceptedAgain,
        long rejected,
        long archived,
        long[] settledOnAttempt,
        LatencyStats redeliveredEndToEndLatency) {
}
