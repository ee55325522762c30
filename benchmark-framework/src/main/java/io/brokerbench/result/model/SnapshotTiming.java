package io.brokerbench.result.model;

import java.util.List;

/**
 * Whether the coordinator gathered the workers' snapshots on time ({@code "coordinatorTiming"}):
 * how long a round took, how many intervals closed late and by how much at worst, and which phases
 * ran longer than planned.
 */
public record SnapshotTiming(
        long snapshotRounds,
        double snapshotRoundMillisMean,
        double snapshotRoundMillisMax,
        long lateIntervals,
        double latestIntervalMillis,
        List<Overrun> phaseOverruns) {

    /** A phase that ran longer than planned. */
    public record Overrun(String phase, double plannedSeconds, double ranSeconds) {
    }
}
