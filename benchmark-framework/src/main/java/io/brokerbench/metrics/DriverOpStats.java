package io.brokerbench.metrics;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.bookkeeper.stats.OpStatsData;
import org.apache.bookkeeper.stats.OpStatsLogger;

/**
 * A driver's op stats: counts of successful and failed events, and the sum and maximum of the
 * successful ones (timed events in milliseconds). Percentiles are not kept: the result's own latency
 * histograms are where percentiles come from.
 *
 * <p>The successes' count, sum and maximum change under one lock, so a reading never pairs a count
 * with a sum that lacks some of its events (two separate adders did, and an interval's mean came out
 * 1.999 ms for events that were all 2 ms). Drivers call this at most once per operation, where an
 * uncontended lock costs tens of nanoseconds.
 */
final class DriverOpStats implements OpStatsLogger {

    private static final int OMB_PERCENTILES = 6;

    private final LongAdder failures = new LongAdder();
    private long successes;
    private double successSum;
    private double max = Double.NEGATIVE_INFINITY;

    /** The successes so far: their count and sum read together. */
    record Successes(long count, double sum) {
    }

    @Override
    public void registerSuccessfulEvent(long eventLatency, TimeUnit unit) {
        registerSuccess(unit.toNanos(eventLatency) / 1e6);
    }

    @Override
    public void registerSuccessfulValue(long value) {
        registerSuccess(value);
    }

    private synchronized void registerSuccess(double value) {
        successes++;
        successSum += value;
        max = Math.max(max, value);
    }

    @Override
    public void registerFailedEvent(long eventLatency, TimeUnit unit) {
        failures.increment();
    }

    @Override
    public void registerFailedValue(long value) {
        failures.increment();
    }

    /** Counts and mean since the start; the percentiles of BookKeeper's type are zero (not kept). */
    @Override
    public OpStatsData toOpStatsData() {
        Successes now = successes();
        return new OpStatsData(now.count(), failures.sum(), now.count() == 0 ? 0 : now.sum() / now.count(),
                new long[OMB_PERCENTILES]);
    }

    @Override
    public synchronized void clear() {
        successes = 0;
        successSum = 0;
        max = Double.NEGATIVE_INFINITY;
        failures.reset();
    }

    synchronized Successes successes() {
        return new Successes(successes, successSum);
    }

    long failures() {
        return failures.sum();
    }

    /** The largest success since the previous call, or negative infinity without one. */
    synchronized double takeMax() {
        double largest = max;
        max = Double.NEGATIVE_INFINITY;
        return largest;
    }
}
