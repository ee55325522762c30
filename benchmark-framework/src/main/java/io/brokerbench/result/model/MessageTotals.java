package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerbench.delivery.SubscriptionVerdict;
import java.util.List;

/**
 * The whole run's messages and the delivery verdict ({@code "messages"}): what producers were due
 * to send and could not, what each subscription lost, got twice or out of order, and whether
 * delivery was clean. {@code verified} is false when the run ended before verification. A sweep step's
 * copy leaves {@code subscriptions} out (null): they stay in the step's own result.
 */
public record MessageTotals(
        long sent,
        long publishErrors,
        long received,
        long due,
        long unsent,
        long sendFailures,
        long unacknowledged,
        long neverReceived,
        long censoredLatencySamples,
        boolean deliveredCleanly,
        boolean sentDeliveredCleanly,
        boolean verified,
        long lost,
        long duplicated,
        long reordered,
        long foreign,
        long negativeLatencySamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<SubscriptionVerdict> subscriptions) {

    /** The same totals without the per-subscription detail. */
    public MessageTotals withoutSubscriptions() {
        return new MessageTotals(sent, publishErrors, received, due, unsent, sendFailures, unacknowledged, neverReceived,
                censoredLatencySamples, deliveredCleanly, sentDeliveredCleanly, verified, lost, duplicated, reordered, foreign,
                negativeLatencySamples, null);
    }

    /** Messages due that failed, were never sent, or never acknowledged. */
    public long undelivered() {
        return sendFailures + unsent + unacknowledged;
    }
}
