package io.brokerbench.delivery;

/**
 * What one consumer received, for verification after the run: counts, and per producer id the
 * ranges of sequence numbers it got ({@link SequenceSet#toRanges()}).
 */
public record ConsumerDelivery(
        String topic,
        String subscription,
        long received,
        long duplicates,
        long reordered,
        long foreign,
        long negativeLatencies,
        boolean orderingJudged,
        long[][] rangesByProducer) {
}
