/**
 * What the machines and the clients did while a run measured latency: the load generator's JVM
 * (CPU, heap, GC, threads), the client library's own statistics ({@link io.brokerbench.driver.ClientMetrics}),
 * the driver's BookKeeper stats, and the local broker's CPU and memory. Workers sample their part
 * into each snapshot ({@link WorkerSampler}); the coordinator turns the snapshots into one set of
 * values per reporting interval ({@link MetricSeries}).
 */
package io.brokerbench.metrics;
