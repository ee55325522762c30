package io.brokerbench.metrics;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import org.apache.bookkeeper.stats.OpStatsData;
import org.apache.bookkeeper.stats.OpStatsLogger;

/**
 * A driver's op stats: counts of successful and failed events, and the sum and maximum of the
 * successful ones (timed events in milliseconds), all contention-free. Percentiles are not kept:
 * the result's own latency histograms are where percentiles come from.
 */
final class DriverOpStats implements OpStatsLogger {

    private static final int OMB_PERCENTILES = 6;

    private final LongAdder successes = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final DoubleAdder successSum = new DoubleAdder();
    private final DoubleAccumulator max = new DoubleAccumulator(Math::max, Double.NEGATIVE_INFINITY);

    @Override
    public void registerSuccessfulEvent(long eventLatency, TimeUnit unit) {
        registerSuccess(unit.toNanos(eventLatency) / 1e6);
    }

    @Override
    public void registerSuccessfulValue(long value) {
        registerSuccess(value);
    }

    private void registerSuccess(double value) {
        successes.increment();
        successSum.add(value);
        max.accumulate(value);
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
        long count = successes.sum();
        return new OpStatsData(count, failures.sum(), count == 0 ? 0 : successSum.sum() / count, new long[OMB_PERCENTILES]);
    }

    @Override
    public void clear() {
        successes.reset();
        failures.reset();
        successSum.reset();
        max.reset();
    }

    long successes() {
        return successes.sum();
    }

    long failures() {
        return failures.sum();
    }

    double successSum() {
        return successSum.sum();
    }

    /** The largest success since the previous call, or negative infinity without one. */
    double takeMax() {
        return max.getThenReset();
    }
}
