package io.brokerbench.measurement;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the coordinator kept time: how long each round of snapshots over the workers took, how
 * late each interval's line came after the interval's end, and which phases ran longer than planned
 * because of it. With many workers, or slow ones, a coordinator that gathers their snapshots late
 * prints intervals that are not the length they claim and stretches the warm-up; the result says
 * so instead of staying silent. Says it on the console once per episode of lateness, like the stall
 * watch. Pure: fed the times, it reads no clock.
 */
@JsonPropertyOrder({"snapshotRounds", "snapshotRoundMillisMean", "snapshotRoundMillisMax", "lateIntervals",
        "latestIntervalMillis", "phaseOverruns"})
public final class CoordinatorTiming {

    /** Below this an interval line is on time: scheduling and one loopback round trip. */
    static final long LATE_NANOS = 100_000_000L;

    private long rounds;
    private long roundNanosTotal;
    private long roundNanosMax;
    private long lateIntervals;
    private long latestNanos;
    private boolean lateEpisode;
    private final List<Overrun> overruns = new ArrayList<>();

    /**
     * One interval reported.
     *
     * @param lateNanos from the interval's planned end to the moment its line was ready
     * @param roundNanos how long the round of snapshots over every worker took
     * @param workers how many workers the round asked
     * @return a line to tell the user when an episode of lateness begins or ends, else null
     */
    public String interval(long lateNanos, long roundNanos, int workers, double elapsedSeconds) {
        rounds++;
        roundNanosTotal += roundNanos;
        roundNanosMax = Math.max(roundNanosMax, roundNanos);
        boolean late = lateNanos > LATE_NANOS;
        if (late) {
            lateIntervals++;
            latestNanos = Math.max(latestNanos, lateNanos);
        }
        if (late == lateEpisode) {
            return null;
        }
        lateEpisode = late;
        return late ? String.format(Locale.ROOT, "coordinator late: the interval ending at %.1f s was reported %,.0f ms"
                + " after its end (the snapshot round over %d worker(s) took %,.0f ms); intervals are longer than planned",
                elapsedSeconds, lateNanos / 1e6, workers, roundNanos / 1e6)
                : String.format(Locale.ROOT, "coordinator on time again at %.1f s", elapsedSeconds);
    }

    /**
     * A phase with a planned length ended.
     *
     * @return a line to tell the user when it ran longer than planned by more than an interval's lateness
     */
    public String phaseEnded(String phase, long plannedNanos, long ranNanos) {
        if (ranNanos - plannedNanos <= LATE_NANOS) {
            return null;
        }
        Overrun overrun = new Overrun(phase, plannedNanos / 1e9, Math.round(ranNanos / 1e6) / 1e3);
        overruns.add(overrun);
        return String.format(Locale.ROOT, "the %s phase ran %.3f s, planned %.3f s", phase, overrun.ranSeconds(),
                overrun.plannedSeconds());
    }

    public long getSnapshotRounds() {
        return rounds;
    }

    public double getSnapshotRoundMillisMean() {
        return rounds == 0 ? 0 : Math.round(roundNanosTotal / (double) rounds / 1e3) / 1e3;
    }

    public double getSnapshotRoundMillisMax() {
        return Math.round(roundNanosMax / 1e3) / 1e3;
    }

    public long getLateIntervals() {
        return lateIntervals;
    }

    public double getLatestIntervalMillis() {
        return Math.round(latestNanos / 1e3) / 1e3;
    }

    public List<Overrun> getPhaseOverruns() {
        return List.copyOf(overruns);
    }

    /** A phase that ran longer than planned. */
    public record Overrun(String phase, double plannedSeconds, double ranSeconds) {
    }
}
