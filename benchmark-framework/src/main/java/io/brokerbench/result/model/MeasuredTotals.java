package io.brokerbench.result.model;

/** The measured phase's counts, length and rates ({@code "measured"}). Rates are 0 when no time passed. */
public record MeasuredTotals(
        double seconds,
        long messagesSent,
        long messagesAcknowledged,
        long messagesReceived,
        long publishErrors,
        double publishRate,
        double consumeRate,
        double publishMBps,
        double consumeMBps) {
}
