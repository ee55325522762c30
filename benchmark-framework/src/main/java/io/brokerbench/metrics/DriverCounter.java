package io.brokerbench.metrics;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.bookkeeper.stats.Counter;

/** A driver's counter: contention-free, since load threads may count every message. */
final class DriverCounter implements Counter {

    private final LongAdder count = new LongAdder();

    @Override
    public void clear() {
        count.reset();
    }

    @Override
    public void inc() {
        count.increment();
    }

    @Override
    public void dec() {
        count.decrement();
    }

    @Override
    public void addCount(long delta) {
        count.add(delta);
    }

    /** BookKeeper's counters add a latency in milliseconds. */
    @Override
    public void addLatency(long eventLatency, TimeUnit unit) {
        count.add(unit.toMillis(eventLatency));
    }

    @Override
    public Long get() {
        return count.sum();
    }
}
