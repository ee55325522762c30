package io.brokerbench.delivery;

/**
 * What became of the messages one rate phase was due to send, over all its topics' subscriptions. A
 * message belongs to the phase under whose rate it was intended, wherever it was sent and received;
 * the run's warm-up and the drain after the last phase are in no phase.
 *
 * @param unsent messages due in the phase that were never handed to the driver
 * @param neverReceived messages sent in the phase that a subscription never received, summed over the
 *     subscriptions; sends that failed or were never acknowledged are included (the run's verdicts tell
 *     them apart from lost ones)
 * @param duplicated deliveries beyond the first of the phase's messages; -1 if not attributed
 * @param reordered first deliveries of the phase's messages that came after a later message of their
 *     ordering domain; -1 if not attributed or not judged
 * @param anomaliesAttributed false when a consumer saw more faults than it lists (then duplicated and
 *     reordered are -1; the run's totals are still exact)
 * @param orderingJudged false where the broker promises no order for this workload
 */
public record PhaseVerdict(long unsent, long neverReceived, long duplicated, long reordered,
        boolean anomaliesAttributed, boolean orderingJudged) {

    /** Every message due in the phase went out and arrived exactly once, in order where judged. */
    public boolean clean() {
        return unsent == 0 && neverReceived == 0 && duplicated == 0 && reordered <= 0 && anomaliesAttributed;
    }
}
