package io.brokerbench.worker;

import io.brokerbench.delivery.OrderingPolicy;

/**
 * What every worker must agree on to measure a run: whether payloads carry the header, how many
 * producers the run has (producer ids are 0 .. producers-1), which order is judged, and whether the
 * topics existed before the run (then messages sent before a consumer opened are an earlier run's).
 */
public record MeasurementPlan(boolean headers, int producers, OrderingPolicy ordering, int keyCount,
        boolean existingTopics) {
}
