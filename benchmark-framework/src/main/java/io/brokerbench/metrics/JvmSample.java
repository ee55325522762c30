package io.brokerbench.metrics;

/**
 * The load generator's JVM at one moment: heap now, garbage collection since the JVM started, live
 * threads. (Its CPU time travels in every snapshot already.)
 *
 * @param gcPauses collections that stopped the application
 * @param gcPauseMillis time those collections took
 */
public record JvmSample(long heapUsedBytes, long heapCommittedBytes, long gcPauses, long gcPauseMillis,
        int threads) {
}
