package io.brokerbench.metrics;

/**
 * The local broker's process over one interval.
 *
 * @param cpuCores CPU time per second of the interval
 * @param residentBytes resident memory at the interval's end, -1 where the OS does not tell
 */
public record BrokerUsage(double cpuCores, long residentBytes) {
}
