package io.brokerbench.run;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.measurement.BacklogDrain;
import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.RunTotals;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;

/**
 * OMB's {@code consumerBacklogSizeGB}: at the start of the measured phase the consumers are closed
 * until that many bytes, summed over all subscriptions, wait for them; reopened, they must drain it
 * to {@code backlogDrainRatio} before the measured phase may end. How fast they did is reported
 * as a {@link BacklogDrain}. And {@code startupBurstMessages}: when the load starts, that many
 * messages go out at once while the consumers are closed; how fast the reopened consumers caught up
 * is reported the same way.
 */
final class ConsumerBacklog {

    private final Workload workload;
    private final RunMeter meter;
    private final RunRecord record;
    private long backlogAtReopen;
    private double reopenedAtSeconds;
    private boolean reopened;

    ConsumerBacklog(Workload workload, RunMeter meter, RunRecord record) {
        this.workload = workload;
        this.meter = meter;
        this.record = record;
    }

    boolean wanted() {
        return workload.consumerBacklogSizeGB() > 0;
    }

    /** Closes the consumers until the backlog has piled up, reporting it as the backlog phase, then reopens them. */
    void build(WorkerGroup workers, IntervalLoop intervals, RunListener listener) throws InterruptedException {
        closeConsumers(workers);
        double target = targetMessages();
        listener.note(String.format("building a backlog of %,.0f messages (%s GB over all subscriptions) with consumers closed",
                target, workload.consumerBacklogSizeGB()));
        intervals.run(Phase.BACKLOG, Duration.ZERO, () -> meter.backlog() >= target);
        reopen(workers, listener);
    }

    /**
     * {@code startupBurstMessages}: with the consumers closed, the producers send the burst on top of
     * their schedule at {@code rate} a second; once every message of it is acknowledged (or failed),
     * reported as the backlog phase, the consumers reopen and read it.
     */
    void burst(WorkerGroup workers, LoadRate load, double rate, IntervalLoop intervals, RunListener listener)
            throws InterruptedException {
        closeConsumers(workers);
        RunTotals before = meter.totals();
        long burst = load.burst(workload.startupBurstMessages(), rate);
        listener.note(String.format("publishing a burst of %,d messages with consumers closed", burst));
        intervals.run(Phase.BACKLOG, Duration.ZERO, () -> {
            RunTotals since = meter.totals().minus(before);
            return since.acked() + since.publishErrors() >= burst;
        });
        reopen(workers, listener);
    }

    /** Reopens the consumers at the end of the backlog phase, noting what awaits them then. */
    private void reopen(WorkerGroup workers, RunListener listener) {
        backlogAtReopen = meter.backlog();
        List<IntervalPoint> built = record.intervals(Phase.BACKLOG);
        reopenedAtSeconds = built.isEmpty() ? 0 : built.get(built.size() - 1).elapsedSeconds();
        reopened = true;
        reopenConsumers(workers, listener);
    }

    private static void closeConsumers(WorkerGroup workers) {
        workers.closeConsumers();
    }

    private static void reopenConsumers(WorkerGroup workers, RunListener listener) {
        workers.reopenConsumers();
        listener.note("consumers reopened: draining the backlog");
    }

    /**
     * Whether the measured phase may end: no backlog was asked for, or it has drained to the ratio.
     * Under live load some messages are always on their way: no more than the rate times the
     * end-to-end latency of the last interval counts as drained, or a drain ratio of 1 could wait
     * for an instant with nothing in flight, which at high rates never comes.
     */
    boolean drained() {
        if (!wanted()) {
            return true;
        }
        List<IntervalPoint> points = record.intervals();
        return points.isEmpty() || drainedAt(points.get(points.size() - 1));
    }

    private boolean drainedAt(IntervalPoint point) {
        double allowed = (1 - workload.backlogDrainRatio()) * targetMessages();
        return point.backlog() <= Math.max(allowed, inFlightNormally(point));
    }

    /**
     * After the measured phase, when the consumers were reopened on a backlog: the drain from their
     * reopening to the first interval that found the backlog drained (a burst's may end in the
     * warm-up), or to the last interval if none did. Reported at once, so a run interrupted later
     * keeps it; {@link #timeRead} adds the message-timed figure.
     */
    void report() {
        if (!reopened) {
            return;
        }
        double seconds = 0;
        long consumed = 0;
        long backlogAtEnd = backlogAtReopen;
        boolean drained = false;
        for (IntervalPoint point : record.intervals()) {
            boolean loaded = point.phase() == Phase.WARMUP || point.phase() == Phase.MEASURE;
            if (!loaded || point.elapsedSeconds() <= reopenedAtSeconds) {
                continue;
            }
            seconds = point.elapsedSeconds() - reopenedAtSeconds;
            consumed += Math.round(point.consumeRate() * point.seconds());
            backlogAtEnd = point.backlog();
            if (drainedAt(point)) {
                drained = true;
                break;
            }
        }
        record.backlogDrain(new BacklogDrain(backlogAtReopen, backlogAtEnd, drained, seconds, consumed,
                workload.meanMessageSize(), Double.NaN));
    }

    /**
     * After the run's last message: how long the slowest consumer took from its reopening to the
     * arrival of the last message sent before it, from what the consumers saw ({@code deliveries}).
     */
    void timeRead(List<ConsumerDelivery> deliveries) {
        BacklogDrain drain = record.backlogDrain();
        long micros = deliveries.stream().mapToLong(ConsumerDelivery::backlogReadMicros).max().orElse(-1);
        if (drain != null && micros >= 0) {
            record.backlogDrain(drain.withBacklogReadSeconds(micros / 1e6));
        }
    }

    private double targetMessages() {
        if (workload.subscriptionsPerTopic() == 0) {
            return 0;
        }
        // OMB's meaning: the backlog summed over all subscriptions of all topics, in bytes
        double bytes = workload.consumerBacklogSizeGB() * 1024.0 * 1024 * 1024;
        return bytes / workload.meanMessageSize();
    }

    /** Messages normally in flight at an interval's rate and end-to-end p99 latency. */
    private double inFlightNormally(IntervalPoint point) {
        double p99Seconds = point.latency().micros(Metric.END_TO_END, Percentile.P99) / 1e6;
        return point.publishRate() * workload.subscriptionsPerTopic() * p99Seconds;
    }
}
