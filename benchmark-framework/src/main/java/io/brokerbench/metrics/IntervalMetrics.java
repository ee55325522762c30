package io.brokerbench.metrics;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the machines and clients did in one reporting interval, beside its {@code IntervalPoint}.
 *
 * @param loadGenerators one per worker that records, in the run's worker order
 * @param clientMetrics the client libraries' statistics over all workers (counts as per second)
 * @param driverStats the driver's BookKeeper stats over all workers
 * @param broker the local broker, when the run started one and it was running
 */
public record IntervalMetrics(List<LoadGeneratorUsage> loadGenerators, Map<String, Double> clientMetrics,
        Map<String, Double> driverStats, Optional<BrokerUsage> broker) {
}
