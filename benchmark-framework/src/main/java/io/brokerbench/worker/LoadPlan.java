package io.brokerbench.worker;

import io.brokerbench.workload.KeyDistributorType;

/**
 * How a worker's producers publish.
 *
 * @param ratePerProducer messages per second for each producer; 0 for as fast as possible
 * @param payloads the payload templates (one, or a randomized pool)
 * @param maxInFlightPerProducer at most this many messages awaiting acknowledgement per producer
 */
public record LoadPlan(double ratePerProducer, KeyDistributorType keyDistributor, byte[][] payloads,
        long maxInFlightPerProducer) {
}
