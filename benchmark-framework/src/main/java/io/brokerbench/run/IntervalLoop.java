package io.brokerbench.run;

import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Runs one phase of the load interval by interval: waits for the end of each reporting interval (or
 * a stop request), reports it, and ends the phase once it has lasted its minimum and its end
 * condition holds. The last interval of a phase ends with the phase.
 */
final class IntervalLoop {

    private final RunMeter meter;
    private final RunClock clock;
    private final RunControl control;
    private final RunListener listener;
    private final long intervalNanos;
    /** Snapshots between intervals this often (0: none): a run with faults is judged at this grain. */
    private long tickNanos;

    IntervalLoop(RunMeter meter, RunClock clock, RunControl control, RunListener listener, Duration interval) {
        this.meter = meter;
        this.clock = clock;
        this.control = control;
        this.listener = listener;
        this.intervalNanos = interval.toNanos();
    }

    /** From now on a snapshot every {@code tick} between the intervals' ends. */
    void tickEvery(Duration tick) {
        this.tickNanos = tick.toNanos();
    }

    /** @throws RunInterrupted when a stop is requested, after reporting the interval it cut short */
    void run(Phase phase, Duration minimum, BooleanSupplier done) throws InterruptedException {
        long start = clock.nanoTime();
        long end = start + minimum.toNanos();
        long next = start + intervalNanos;
        boolean firstChanceToEnd = true;
        while (true) {
            long target = next;
            if (end > clock.nanoTime() && end < next) {
                target = end;
            }
            boolean stop = awaitTicking(target);
            IntervalPoint point = meter.interval(phase);
            listener.interval(point);
            if (stop) {
                throw new RunInterrupted();
            }
            meter.reported(point, clock.nanoTime() - target);
            if (clock.nanoTime() >= end) {
                if (done.getAsBoolean()) {
                    if (firstChanceToEnd && (phase == Phase.WARMUP || phase == Phase.MEASURE)) {
                        // ended as soon as it could: any time beyond its length is the coordinator's lateness
                        meter.phaseEnded(phase, minimum.toNanos(), clock.nanoTime() - start);
                    }
                    return;
                }
                firstChanceToEnd = false;
            }
            next = target == end ? end + intervalNanos : next + intervalNanos;
        }
    }

    /** Waits until {@code target}, taking a tick's snapshot on the way as often as asked; true if a stop came. */
    private boolean awaitTicking(long target) throws InterruptedException {
        if (tickNanos > 0) {
            for (long tick = clock.nanoTime() + tickNanos; tick < target - tickNanos / 2; tick += tickNanos) {
                if (clock.awaitStop(control, tick - clock.nanoTime())) {
                    return true;
                }
                meter.tick();
            }
        }
        return clock.awaitStop(control, target - clock.nanoTime());
    }
}
