package io.brokerbench.metrics;

/**
 * One statistic as a worker's snapshot carries it: the value and how it combines with the same
 * statistic of other clients and other workers.
 *
 * @param weight for {@link Kind#MEAN}, how many clients or events the mean is over; 1 otherwise
 */
public record MetricValue(Kind kind, double value, double weight) {

    /** How values of one statistic combine, and what an interval shows of them. */
    public enum Kind {
        /** A running total; an interval shows its growth per second, summed over clients and workers. */
        PER_SECOND,
        /** A level; summed. */
        SUM,
        /** A mean; combined weighted by {@link #weight}. */
        MEAN,
        /** A maximum; the largest. */
        MAX
    }

    static MetricValue of(Kind kind, double value) {
        return new MetricValue(kind, value, 1);
    }
}
