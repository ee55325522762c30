package io.brokerbench.delivery;

/**
 * What became of the messages intended in one stretch of time (a fault's window, one second of the
 * timeline), summed over the subscriptions as the run's verdicts are (a failed send is counted per
 * subscription it did or did not reach; once if its topic has none).
 *
 * @param intended messages whose intended send time fell in the stretch
 * @param failed sends of those whose future failed and that no subscription received
 * @param failedButReceived sends that failed but reached a subscription anyway (an ambiguous outcome)
 * @param neverReceived sends that did not fail, were not aborted, and that a subscription never received, summed over the
 *     subscriptions: lost if acknowledged, else never acknowledged (the run's verdicts tell the two apart
 *     by count; never-acknowledged sends are not known by number, so here they are not)
 * @param duplicated deliveries beyond the first, summed over the subscriptions; -1 where a consumer's
 *     list of anomalies was cut short
 * @param reordered first deliveries after a later message of their ordering domain; -1 where not listed
 *     or where the broker promises no order
 */
public record WindowDelivery(long intended, long failed, long failedButReceived, long neverReceived, long duplicated,
        long reordered) {
}
