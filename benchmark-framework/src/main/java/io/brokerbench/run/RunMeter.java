package io.brokerbench.run;

import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.RunTotals;
import io.brokerbench.measurement.SnapshotObserver;
import io.brokerbench.metrics.MetricValue;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.LatencySummary;
import io.brokerbench.time.WallClock;
import java.util.List;

/**
 * The run's measurements as the coordinator pulls them: each snapshot of every worker merged into
 * one interval and run-wide totals; the interval points; the aggregate over the measured phase and
 * the drain after it; the totals of the measured phase and of the whole load; and what the stall
 * watch notices on the way.
 */
final class RunMeter {

    private final RunRecord record;
    private final WorkerGroup workers;
    private final RunClock clock;
    private final RunListener listener;
    private final int subscriptionsPerTopic;
    private final double messageSize;
    private final LatencyHistograms merged = new LatencyHistograms();
    private final StallWatch stalls;
    private RunTotals lastTotals = RunTotals.ZERO;
    /** How long the latest round of snapshots over the workers took. */
    private long lastRoundNanos;
    private RunTotals loadStart;
    private RunTotals measureStart;
    private long loadStartNanos;
    /** Whether snapshots go into the aggregate: from the measured phase's start to the drain's end. */
    private boolean measuring;
    /** The rate phase under way, or null; its snapshots also go into {@link #ratePhaseLatencies}. */
    private String ratePhase;
    private RunTotals ratePhaseStart;
    private final LatencyHistograms ratePhaseLatencies = new LatencyHistograms();
    /** Every snapshot since the last entry of the run's histogram log: the drain's polls go in with its end. */
    private final LatencyHistograms unlogged = new LatencyHistograms();
    private double unloggedSince;
    /** Every snapshot since the last interval: a tick between intervals keeps its latencies for the interval. */
    private final LatencyHistograms sinceInterval = new LatencyHistograms();
    private RunTotals intervalStart = RunTotals.ZERO;
    /** Sees every snapshot (a run with faults judges them at a finer grain than its intervals); or null. */
    private SnapshotObserver observer;

    RunMeter(RunRecord record, WorkerGroup workers, RunClock clock, RunListener listener) {
        this.record = record;
        this.workers = workers;
        this.clock = clock;
        this.listener = listener;
        this.subscriptionsPerTopic = record.workload().subscriptionsPerTopic();
        this.messageSize = record.workload().meanMessageSize();
        this.stalls = new StallWatch(subscriptionsPerTopic);
    }

    /** From now on {@code observer} sees every snapshot. */
    void observeSnapshots(SnapshotObserver observer) {
        this.observer = observer;
    }

    /** The load starts now: intervals count from here, and what the readiness probe left is discarded. */
    void loadStarting() {
        loadStartNanos = clock.nanoTime();
        snapshot();
        loadStart = lastTotals;
        intervalStart = lastTotals;
        sinceInterval.reset();
        unlogged.reset();
        unloggedSince = 0;
        record.histograms().loadStarted(WallClock.epochMicros(loadStartNanos) / 1000);
    }

    /** When the load started, on the run's clock. */
    long loadStartNanos() {
        return loadStartNanos;
    }

    void measuredPhaseStarts() {
        measureStart = lastTotals;
        measuring = true;
    }

    void measuredPhaseEnds() {
        record.measured(lastTotals.minus(measureStart));
        measureStart = null;
    }

    /** A rate phase of the workload starts now: intervals carry its name, and it is summed up on its own. */
    void ratePhaseStarts(String name) {
        ratePhase = name;
        ratePhaseStart = lastTotals;
        ratePhaseLatencies.reset();
    }

    /** The rate phase under way ends now: what it published, received and measured. */
    RatePhaseSummary ratePhaseEnds(double fromRate, double toRate, int firstRateChange) {
        RunTotals delta = lastTotals.minus(ratePhaseStart);
        RatePhaseSummary summary = new RatePhaseSummary(ratePhase, fromRate, toRate, delta.seconds(), delta.sent(),
                delta.acked(), delta.publishErrors(), delta.received(), backlog(), LatencySummary.of(ratePhaseLatencies),
                firstRateChange, null);
        ratePhase = null;
        return summary;
    }

    /** The last snapshot after the load stopped and the drain ended: the totals of the whole load. */
    void loadEnded() {
        snapshot();
        record.whole(lastTotals.minus(loadStart));
        measuring = false;
        // what arrived after the last interval, while the consumers drained
        logHistograms(Phase.DRAIN, (lastTotals.nanoTime() - loadStartNanos) / 1e9);
    }

    /** An interrupted or failed run still reports the counts of what it measured. */
    void keepPartialTotals() {
        if (measureStart != null && measuring) {
            record.measured(lastTotals.minus(measureStart));
        }
        if (loadStart != null) {
            record.whole(lastTotals.minus(loadStart));
        }
    }

    /** Takes a snapshot, records it as an interval of {@code phase}, and says what the stall watch noticed. */
    IntervalPoint interval(Phase phase) {
        snapshot();
        LatencyHistograms interval = sinceInterval;
        RunTotals delta = lastTotals.minus(intervalStart);
        double seconds = Math.max(delta.seconds(), 1e-9);
        IntervalPoint point = new IntervalPoint(phase, ratePhase, (lastTotals.nanoTime() - loadStartNanos) / 1e9, seconds,
                delta.sent() / seconds, delta.publishErrors() / seconds, delta.received() / seconds,
                delta.sent() * messageSize / seconds,
                delta.received() * messageSize / seconds,
                backlog(), LatencySummary.of(interval));
        intervalStart = lastTotals;
        sinceInterval.reset();
        record.addInterval(point);
        logHistograms(phase, point.elapsedSeconds());
        for (String note : stalls.observe(lastTotals, point.elapsedSeconds(), phase != Phase.BACKLOG)) {
            listener.note(note);
            record.addEvent(point.elapsedSeconds(), note);
        }
        return point;
    }

    /**
     * The interval {@code point} was ready {@code lateNanos} after its planned end: tells the user when
     * the coordinator starts or stops being late (see {@link CoordinatorTiming}).
     */
    void reported(IntervalPoint point, long lateNanos) {
        note(point.elapsedSeconds(), record.coordinatorTiming().interval(lateNanos, lastRoundNanos, workers.size(),
                point.elapsedSeconds()));
    }

    /** A phase with a planned length ended after {@code ranNanos}: said when that was longer than planned. */
    void phaseEnded(Phase phase, long plannedNanos, long ranNanos) {
        note((clock.nanoTime() - loadStartNanos) / 1e9,
                record.coordinatorTiming().phaseEnded(phase.label(), plannedNanos, ranNanos));
    }

    private void note(double elapsedSeconds, String note) {
        if (note != null) {
            listener.note(note);
            record.addEvent(elapsedSeconds, note);
        }
    }

    /** A snapshot between two intervals, for a finer view of the run than its intervals; its latencies go to the next interval. */
    void tick() {
        snapshot();
    }

    /**
     * Merges one snapshot of every worker; adds it to the aggregate while measuring.
     *
     * @throws RunFailure once a worker's load thread has died, after keeping this snapshot's totals
     */
    LatencyHistograms snapshot() {
        merged.reset();
        long sent = 0;
        long acked = 0;
        long errors = 0;
        long aborted = 0;
        long received = 0;
        long retried = RunTotals.NOT_COUNTED;
        double cpu = 0;
        double loadCpu = 0;
        double recordingCpu = 0;
        String loadFailure = null;
        long roundStart = clock.nanoTime();
        List<WorkerGroup.Snapshot> snapshots = workers.snapshots();
        lastRoundNanos = clock.nanoTime() - roundStart;
        for (WorkerGroup.Snapshot one : snapshots) {
            WorkerSnapshot snapshot = one.snapshot();
            if (loadFailure == null && !snapshot.loadFailure().isEmpty()) {
                loadFailure = "worker " + one.workerId() + ": " + snapshot.loadFailure();
            }
            merged.add(snapshot.interval());
            sent += snapshot.sentTotal();
            acked += snapshot.ackedTotal();
            errors += snapshot.publishErrorsTotal();
            aborted += snapshot.abortedTotal();
            received += snapshot.receivedTotal();
            cpu += snapshot.processCpuSecondsTotal();
            loadCpu += snapshot.loadThreadCpuSecondsTotal();
            recordingCpu += snapshot.sample().recordingCpuSecondsTotal();
            MetricValue retries = snapshot.sample().clientMetrics().get(ClientMetrics.RETRIED_SENDS);
            if (retries != null) {
                retried = Math.max(0, retried) + Math.round(retries.value());
            }
            record.metrics().observe(one.workerId(), snapshot);
        }
        recordingCpu += record.metrics().cpuSecondsTotal();
        RunTotals previous = lastTotals;
        lastTotals = new RunTotals(sent, acked, errors, received, cpu, loadCpu, recordingCpu, clock.nanoTime(), aborted,
                retried);
        if (measuring) {
            record.aggregated().add(merged);
        }
        unlogged.add(merged);
        sinceInterval.add(merged);
        if (observer != null) {
            observer.observe(lastTotals.minus(previous), lastTotals, merged, backlog());
        }
        if (ratePhase != null) {
            ratePhaseLatencies.add(merged);
        }
        if (loadFailure != null) {
            throw new RunFailure(loadFailure);
        }
        return merged;
    }

    /** Hands every snapshot since the last entry to the run's histogram log, as one entry of {@code phase}. */
    private void logHistograms(Phase phase, double endSeconds) {
        record.histograms().interval(phase.label(), unloggedSince, endSeconds, unlogged);
        unlogged.reset();
        unloggedSince = endSeconds;
    }

    /** The totals of the latest snapshot. */
    RunTotals totals() {
        return lastTotals;
    }

    /**
     * Messages acknowledged to producers and not yet received, summed over subscriptions: OMB's
     * backlog (it counts a message as sent when it is acknowledged).
     */
    long backlog() {
        return Math.max(0, lastTotals.acked() * subscriptionsPerTopic - lastTotals.received());
    }

    /**
     * Deliveries still to come once the load has stopped: every message handed to a driver and not
     * failed, to every subscription. Unlike the backlog this counts messages whose acknowledgement is
     * still on its way, which must not be mistaken for lost.
     */
    long undelivered() {
        return (lastTotals.sent() - lastTotals.publishErrors()) * subscriptionsPerTopic - lastTotals.received();
    }

    /**
     * {@link #undelivered} without the sends the driver aborted on purpose, which consumers reading only
     * committed data never receive (those reading uncommitted data do, so this can reach 0 early for them).
     */
    long undeliveredUnlessAborted() {
        return undelivered() - lastTotals.aborted() * subscriptionsPerTopic;
    }
}
