package io.brokerbench.measurement;

import io.brokerbench.delivery.PhaseVerdict;
import io.brokerbench.stats.LatencySummary;

/**
 * One rate phase of a phased workload, on its own: its target rates, what was published and
 * received during it (counted by interval), the backlog it ended with, its latency statistics, and
 * what became of the messages it was due to send (counted by message, once the run is judged).
 *
 * @param fromRate the phase's first target rate, messages per second over all producers
 * @param toRate its last (the same as {@code fromRate} unless the phase is a ramp)
 * @param firstRateChange the index of the run's rate change that began the phase
 * @param delivery the phase's delivery verdict; null until the run is judged, and for runs never judged
 *     (interrupted, failed, or messages too small to carry sequence numbers)
 */
public record RatePhaseSummary(String name, double fromRate, double toRate, double seconds, long sent, long acked,
        long publishErrors, long received, long backlogAtEnd, LatencySummary latency, int firstRateChange,
        PhaseVerdict delivery) {

    RatePhaseSummary judged(PhaseVerdict verdict) {
        return new RatePhaseSummary(name, fromRate, toRate, seconds, sent, acked, publishErrors, received, backlogAtEnd,
                latency, firstRateChange, verdict);
    }
}
