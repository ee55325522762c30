package io.brokerbench.fault;

import io.brokerbench.measurement.RunTotals;
import io.brokerbench.measurement.SnapshotObserver;
import io.brokerbench.result.ResultNumbers;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.result.model.FaultTick;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.DoubleSupplier;

/**
 * Judges what the clients saw of each fault, from every snapshot the run takes (a quarter second
 * apart in a run with faults, whatever its reporting interval): when they noticed, how long
 * acknowledgements stopped, when the rate held again, and the latency before, during and after. Runs
 * on the meter's thread; also hands the schedule's notes to the run's console and events.
 *
 * <p>The rules, against the rate the producers are due to keep now ({@code R}): noticed at the end of
 * the first snapshot after the fault with acknowledgements below R/2 while sends await one, or a failed
 * send; unavailable while acknowledgements are below R/10 (the longest such stretch); recovered at the
 * end of the first snapshot, once noticed, whose acknowledgements reach 0.9 R with the backlog at most
 * twice what it was before the fault (or half a second of R) and the publish delay's p99 at most twice
 * (or 50 ms). All over every partition: with one partition (the shipped fault workloads) that is the
 * faulted partition's.
 */
public final class FaultWatch implements SnapshotObserver {

    private static final double NOTICED = 0.5;
    private static final double UNAVAILABLE = 0.1;
    private static final double HELD = 0.9;
    private static final long BASELINE_NANOS = 10_000_000_000L;

    private final FaultSchedule schedule;
    private final DoubleSupplier rate;
    private final BiConsumer<Long, String> say;
    private final List<Judge> judges = new ArrayList<>();
    private final List<FaultTick> timeline = new ArrayList<>();
    private long measureStartNanos;
    private boolean measuring;

    /**
     * @param rate the total rate the producers are due to keep now
     * @param say where the schedule's and the watch's lines go: the run's clock in nanoseconds, the line
     */
    public FaultWatch(FaultSchedule schedule, DoubleSupplier rate, BiConsumer<Long, String> say) {
        this.schedule = schedule;
        this.rate = rate;
        this.say = say;
        schedule.faults().forEach(fault -> judges.add(new Judge(fault)));
    }

    public void measuredPhaseStarts(long nanos) {
        measureStartNanos = nanos;
        measuring = true;
    }

    public void measuredPhaseEnds() {
        measuring = false;
    }

    @Override
    public void observe(RunTotals delta, RunTotals totals, LatencyHistograms histograms, long backlog) {
        schedule.drainNotes().forEach(note -> say.accept(note.nanoTime(), note.text()));
        if (!measuring || delta.nanoTime() <= 0) {
            return;
        }
        double seconds = delta.seconds();
        double due = rate.getAsDouble();
        LatencySummary summary = LatencySummary.of(histograms);
        double ackRate = delta.acked() / seconds;
        double delayMillis = millis(summary, Metric.PUBLISH_DELAY, Percentile.P99);
        timeline.add(new FaultTick(round3((totals.nanoTime() - measureStartNanos) / 1e9), round3(seconds),
                round3(delta.sent() / seconds), round3(ackRate), round3(delta.received() / seconds),
                round3(delta.publishErrors() / seconds), delta.retriesCounted() ? round3(delta.retried() / seconds) : null,
                backlog, millisOrNull(summary, Metric.PUBLISH_LATENCY_FROM_INTENDED),
                millisOrNull(summary, Metric.END_TO_END_FROM_INTENDED)));
        for (Judge judge : judges) {
            judge.observe(delta, totals, histograms, backlog, due, ackRate, delayMillis);
        }
    }

    /** Every fault as it happened and as the clients saw it, for the result. */
    public List<FaultOutcome> outcomes() {
        return judges.stream().map(Judge::outcome).toList();
    }

    public List<FaultTick> timeline() {
        return List.copyOf(timeline);
    }

    /** One fault's judgement, snapshot by snapshot. */
    private final class Judge {
        private final AppliedFault fault;
        private final LatencyHistograms before = new LatencyHistograms();
        private final LatencyHistograms during = new LatencyHistograms();
        private final LatencyHistograms after = new LatencyHistograms();
        private final double[] spans = new double[3];
        private final long[] messages = new long[3];
        private final long[] retried = {RunTotals.NOT_COUNTED, RunTotals.NOT_COUNTED, RunTotals.NOT_COUNTED};
        /** The backlog and publish delay p99 of the snapshots in the last 10 s before the fault: the recovery's yardstick. */
        private final List<double[]> baseline = new ArrayList<>();
        private long noticedNanos;
        private long lowSinceNanos;
        private long longestLowNanos;
        private long longestLowFromNanos;
        private long recoveredNanos;

        Judge(AppliedFault fault) {
            this.fault = fault;
        }

        void observe(RunTotals delta, RunTotals totals, LatencyHistograms histograms, long backlog, double due,
                double ackRate, double delayMillis) {
            long end = totals.nanoTime();
            long start = end - delta.nanoTime();
            long started = fault.startedNanos();
            if (started == 0 || start < started && end <= started) {
                add(0, before, histograms, delta);
                baseline.add(new double[] {end, backlog, delayMillis});
                baseline.removeIf(b -> b[0] < end - BASELINE_NANOS);
                return;
            }
            boolean low = ackRate < UNAVAILABLE * due;
            if (low && lowSinceNanos == 0) {
                lowSinceNanos = Math.max(start, started);
            } else if (!low && lowSinceNanos != 0) {
                closeLowStretch(start);
            }
            if (noticedNanos == 0 && (ackRate < NOTICED * due && totals.unacknowledged() > 0 || delta.publishErrors() > 0)) {
                noticedNanos = end;
                say.accept(end, String.format("fault %d: the clients noticed %.2f s after it (%s)", fault.index(),
                        (end - started) / 1e9, delta.publishErrors() > 0 ? "sends failing" : "acknowledgements stalled"));
            }
            if (noticedNanos != 0 && recoveredNanos == 0 && end > noticedNanos && !low && ackRate >= HELD * due
                    && backlog <= Math.max(2 * baselineMax(1), 0.5 * due) && delayMillis <= Math.max(2 * baselineMax(2), 50)) {
                recoveredNanos = end;
                add(1, during, histograms, delta);
                say.accept(end, String.format("fault %d: recovered %.2f s after it (acknowledgements stopped for %.2f s%s)",
                        fault.index(), (end - started) / 1e9, longestLowNanos / 1e9,
                        retried[1] == RunTotals.NOT_COUNTED ? "" : String.format("; the clients retried %,d sends", retried[1])));
                return;
            }
            if (recoveredNanos == 0) {
                add(1, during, histograms, delta);
            } else {
                add(2, after, histograms, delta);
            }
        }

        private void closeLowStretch(long endNanos) {
            if (endNanos - lowSinceNanos > longestLowNanos) {
                longestLowNanos = endNanos - lowSinceNanos;
                longestLowFromNanos = lowSinceNanos;
            }
            lowSinceNanos = 0;
        }

        private double baselineMax(int field) {
            return baseline.stream().mapToDouble(b -> b[field]).max().orElse(0);
        }

        private void add(int stretch, LatencyHistograms into, LatencyHistograms histograms, RunTotals delta) {
            into.add(histograms);
            spans[stretch] += delta.seconds();
            messages[stretch] += delta.sent();
            if (delta.retriesCounted()) {
                retried[stretch] = Math.max(0, retried[stretch]) + delta.retried();
            }
        }

        FaultOutcome outcome() {
            if (lowSinceNanos != 0) {
                // still unavailable when the measured phase ended: the stretch runs to there
                closeLowStretch(Math.max(lowSinceNanos, lastEnd()));
            }
            long started = fault.startedNanos();
            boolean applied = fault.applied();
            return new FaultOutcome(fault.index(), fault.spec().action().label(), fault.spec().target(), fault.spec().topic(),
                    fault.spec().partition(), fault.spec().seconds(), fault.spec().clients(), fault.spec().millis(),
                    fault.spec().percent(), fault.spec().command(), fault.spec().undo(), fault.spec().atSeconds(), applied,
                    fault.notAppliedReason(), fault.undoFailure(), fault.node(), fault.role(),
                    applied ? round3((started - measureStartNanos) / 1e9) : null,
                    after(started, fault.endedNanos()), fault.leaderBefore(), fault.leaderAfter(),
                    after(started, fault.leaderMovedNanos()), after(started, noticedNanos),
                    applied ? round3(longestLowNanos / 1e9) : null, longestLowNanos > 0 ? after(started, longestLowFromNanos) : null,
                    after(started, recoveredNanos), latency(0, before), applied ? latency(1, during) : null,
                    recoveredNanos != 0 ? latency(2, after) : null, null);
        }

        private long lastEnd() {
            return timeline.isEmpty() ? lowSinceNanos
                    : measureStartNanos + (long) (timeline.get(timeline.size() - 1).atSeconds() * 1e9);
        }

        private FaultOutcome.Latency latency(int stretch, LatencyHistograms histograms) {
            LatencySummary summary = LatencySummary.of(histograms);
            return new FaultOutcome.Latency(round3(spans[stretch]), messages[stretch],
                    retried[stretch] == RunTotals.NOT_COUNTED ? null : retried[stretch],
                    millisOrNull(summary, Metric.PUBLISH_LATENCY_FROM_INTENDED, Percentile.P50),
                    millisOrNull(summary, Metric.PUBLISH_LATENCY_FROM_INTENDED, Percentile.P99),
                    millisOrNull(summary, Metric.PUBLISH_LATENCY_FROM_INTENDED, Percentile.MAX),
                    millisOrNull(summary, Metric.END_TO_END_FROM_INTENDED, Percentile.P50),
                    millisOrNull(summary, Metric.END_TO_END_FROM_INTENDED, Percentile.P99),
                    millisOrNull(summary, Metric.END_TO_END_FROM_INTENDED, Percentile.MAX));
        }
    }

    private static Double after(long started, long nanos) {
        return started == 0 || nanos == 0 ? null : round3((nanos - started) / 1e9);
    }

    private static double millis(LatencySummary summary, Metric metric, Percentile percentile) {
        return summary.count(metric) == 0 ? 0 : summary.micros(metric, percentile) / 1000;
    }

    private static Double millisOrNull(LatencySummary summary, Metric metric) {
        return millisOrNull(summary, metric, Percentile.P99);
    }

    private static Double millisOrNull(LatencySummary summary, Metric metric, Percentile percentile) {
        return summary.count(metric) == 0 ? null : round3(summary.micros(metric, percentile) / 1000);
    }

    private static double round3(double value) {
        return ResultNumbers.round3(value);
    }
}
