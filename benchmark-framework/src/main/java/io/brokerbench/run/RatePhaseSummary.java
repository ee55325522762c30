package io.brokerbench.run;

import io.brokerbench.stats.LatencySummary;

/**
 * One rate phase of a phased workload, on its own: its target rates, what was published and
 * received during it, the backlog it ended with, and its latency statistics. Delivery verdicts
 * (lost, duplicated, reordered) are judged over the whole run, not per phase.
 *
 * @param fromRate the phase's first target rate, messages per second over all producers
 * @param toRate its last (the same as {@code fromRate} unless the phase is a ramp)
 */
public record RatePhaseSummary(String name, double fromRate, double toRate, double seconds, long sent, long acked,
        long publishErrors, long received, long backlogAtEnd, LatencySummary latency) {
}
