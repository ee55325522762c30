package io.brokerbench.testing;

import io.brokerbench.run.RunClock;
import io.brokerbench.run.RunControl;
import io.brokerbench.time.Idler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * A clock that stands still until the code under test idles on it, then jumps to where the wait
 * would have ended: code that waits for minutes runs in milliseconds, and every reading is exact.
 * Tests play the rest of the world (acknowledgements, deliveries, a stop) in {@link #onAdvance}.
 */
public final class ManualClock implements RunClock, Idler {

    /** What one {@link #idle()} lets pass. */
    public static final long BACKOFF_NANOS = 20_000;

    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    private volatile long now;
    private long idles;

    public ManualClock(long startNanos) {
        this.now = startNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    /** Calls {@code listener} with the new time after every move of the clock. */
    public void onAdvance(LongConsumer listener) {
        listeners.add(listener);
    }

    public synchronized void advance(long nanos) {
        if (nanos <= 0) {
            return;
        }
        now += nanos;
        listeners.forEach(listener -> listener.accept(now));
    }

    public void advanceTo(long nanos) {
        advance(nanos - now);
    }

    /** How often code idled on this clock, through either method of {@link Idler}. */
    public synchronized long idles() {
        return idles;
    }

    /** Lets the whole wait pass, unless a stop was requested before it began. */
    @Override
    public boolean awaitStop(RunControl control, long nanos) {
        if (!control.stopRequested()) {
            advance(nanos);
        }
        return control.stopRequested();
    }

    @Override
    public synchronized void idle() {
        idles++;
        advance(BACKOFF_NANOS);
    }

    @Override
    public synchronized void idleUntil(long nowNanos, long deadlineNanos) {
        idles++;
        advanceTo(deadlineNanos);
    }
}
