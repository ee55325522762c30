package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerbench.delivery.SubscriptionVerdict;
import java.util.List;

/**
 * The whole run's messages and the delivery verdict ({@code "messages"}): what producers were due
 * to send and could not, what each subscription lost, got twice or out of order, and whether
 * delivery was clean. {@code verified} says whether subscriptions were judged: false when the run ended
 * before verification (a failed setup, a killed worker, Ctrl-C), and then {@code deliveredCleanly} and
 * {@code sentDeliveredCleanly} are absent (null) because nothing was judged; false too for messages too
 * small to carry the header, where only the producers' side (due, failed, unacknowledged) is judged.
 * {@code sendFailures} is what the clients reported failed; {@code failedButReceived} how many of those
 * reached a subscription all the same (summed over subscriptions, as {@code lost} is): ambiguous outcomes.
 * A sweep step's copy leaves {@code subscriptions} out (null): they stay in the step's own result.
 * A producer-only run (no subscriptions) judges only the producers' side: {@code deliveredCleanly} and
 * {@code sentDeliveredCleanly} are absent, and {@code allAcknowledged} says whether every message due was
 * sent and acknowledged without failure (what reached the broker's storage, or a consumer, is not known).
 * A consumer-only run has neither: what it read is in the result's {@code consumerOnly}.
 */
public record MessageTotals(
        long sent,
        long publishErrors,
        long received,
        long due,
        long unsent,
        long sendFailures,
        long failedButReceived,
        long unacknowledged,
        long neverReceived,
        long censoredLatencySamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean deliveredCleanly,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean sentDeliveredCleanly,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean allAcknowledged,
        boolean verified,
        long lost,
        long duplicated,
        long reordered,
        long foreign,
        long negativeLatencySamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<SubscriptionVerdict> subscriptions) {

    /** The same totals without the per-subscription detail. */
    public MessageTotals withoutSubscriptions() {
        return new MessageTotals(sent, publishErrors, received, due, unsent, sendFailures, failedButReceived, unacknowledged, neverReceived,
                censoredLatencySamples, deliveredCleanly, sentDeliveredCleanly, allAcknowledged, verified, lost, duplicated, reordered, foreign,
                negativeLatencySamples, null);
    }

    /**
     * Whether delivery was judged and found clean: false when it was not judged. A producer-only run (no
     * subscription) is judged by what it can show: every message due sent and acknowledged.
     */
    public boolean judgedClean() {
        return producerOnly() ? allAcknowledged : Boolean.TRUE.equals(deliveredCleanly);
    }

    /** A run without subscriptions: only acknowledgements were judged ({@code allAcknowledged}). */
    public boolean producerOnly() {
        return deliveredCleanly == null && allAcknowledged != null;
    }

    /** Whether delivery was judged and everything sent arrived (only the rate may have been missed). */
    public boolean judgedSentClean() {
        return Boolean.TRUE.equals(sentDeliveredCleanly);
    }

    /** Messages due that failed, were never sent, or never acknowledged. */
    public long undelivered() {
        return sendFailures + unsent + unacknowledged;
    }
}
