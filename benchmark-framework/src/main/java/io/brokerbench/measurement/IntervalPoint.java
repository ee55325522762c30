package io.brokerbench.measurement;

import io.brokerbench.stats.LatencySummary;

/**
 * One reporting interval of a run, merged over all workers: rates, backlog and latency statistics.
 *
 * @param phase which part of the run it belongs to
 * @param ratePhase the workload's rate phase it belongs to; null outside one (or without {@code phases})
 * @param elapsedSeconds seconds since the load started, at the end of the interval
 */
public record IntervalPoint(
        Phase phase,
        String ratePhase,
        double elapsedSeconds,
        double seconds,
        double publishRate,
        double publishErrorRate,
        double consumeRate,
        double publishBytesRate,
        double consumeBytesRate,
        long backlog,
        LatencySummary latency) {

    /** The parts of a run, in order. */
    public enum Phase {
        SEARCH("search"),
        WARMUP("warm-up"),
        BACKLOG("backlog"),
        MEASURE("measure"),
        DRAIN("drain");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
