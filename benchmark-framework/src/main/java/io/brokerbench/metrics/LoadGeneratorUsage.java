package io.brokerbench.metrics;

/**
 * One worker's JVM over one interval.
 *
 * @param worker the worker's id ("local" or its URL)
 * @param cpuCores CPU time of the whole process per second of the interval
 * @param gcPauses collections that paused the application during the interval
 * @param gcPauseMillis their total length
 */
public record LoadGeneratorUsage(String worker, double cpuCores, long heapUsedBytes, long heapCommittedBytes,
        long gcPauses, long gcPauseMillis, int threads) {
}
