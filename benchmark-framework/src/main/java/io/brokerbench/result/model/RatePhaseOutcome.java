package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One rate phase of a phased workload ({@code "ratePhases"}): its target rates, what it sent and
 * received, every latency metric, and its delivery verdict (absent when the run ended before it).
 */
public record RatePhaseOutcome(
        String name,
        double fromRate,
        double toRate,
        double seconds,
        double publishRate,
        double consumeRate,
        long messagesSent,
        long messagesAcknowledged,
        long publishErrors,
        long messagesReceived,
        long backlogAtEnd,
        @JsonUnwrapped MetricLatencies latency,
        @JsonInclude(JsonInclude.Include.NON_NULL) Delivery delivery) {

    /**
     * The phase's delivery verdict; {@code duplicated} and {@code reordered} are null where they
     * could not be attributed to the phase, rather than a number that looks like a count.
     */
    public record Delivery(boolean clean, long unsent, long neverReceived, Long duplicated, Long reordered,
            boolean orderingJudged) {
    }
}
