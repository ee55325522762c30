package io.brokerbench.result.model;

/**
 * A run of {@code testMessages} ({@code "countBounded"}): how long publishing and consuming them
 * took. Times and rates are null when the run ended before they were known.
 */
public record CountBoundedTimes(
        long testMessages,
        long sent,
        long expectedDeliveries,
        long received,
        boolean allConsumed,
        Double publishSeconds,
        Double consumeSeconds,
        Double publishRate,
        Double consumeRate) {
}
