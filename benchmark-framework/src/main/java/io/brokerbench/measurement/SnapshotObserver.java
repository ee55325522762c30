package io.brokerbench.measurement;

import io.brokerbench.stats.LatencyHistograms;

/**
 * Sees every snapshot the coordinator takes of its workers, between reporting intervals too: what a
 * fault's judge reads at a finer grain than the intervals (docs/faults.md).
 */
public interface SnapshotObserver {

    /**
     * @param delta what the workers counted since the previous snapshot (its {@code nanoTime}: the span)
     * @param totals the run's totals now (its {@code nanoTime}: now, on the run's clock)
     * @param histograms the latencies recorded since the previous snapshot; valid only during the call
     * @param backlog acknowledged messages not yet received, over all subscriptions
     */
    void observe(RunTotals delta, RunTotals totals, LatencyHistograms histograms, long backlog);
}
