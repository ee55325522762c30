package io.brokerbench.time;

import java.util.concurrent.locks.LockSupport;

/**
 * Parks while the deadline is far off and spins for the last stretch, because parking overshoots by
 * tens of microseconds: the publish delay this leaves is measured and reported with every result,
 * not hidden. The spinning costs CPU that a broker on the same machine would use; an idler that
 * never spins takes this one's place in the load threads.
 */
public final class ParkThenSpinIdler implements Idler {

    /** Below this distance to the deadline, spin instead of parking. */
    static final long SPIN_NANOS = 60_000;
    /** How long {@link #idle()} parks: while the in-flight limit blocks every producer, look again this often. */
    static final long BACKOFF_NANOS = 20_000;
    /** The longest single park, so a load thread sees a stop request promptly even at one message a minute. */
    static final long MAX_PARK_NANOS = 10_000_000;

    private final NanoClock clock;

    public ParkThenSpinIdler(NanoClock clock) {
        this.clock = clock;
    }

    @Override
    public void idle() {
        LockSupport.parkNanos(BACKOFF_NANOS);
    }

    @Override
    public void idleUntil(long nowNanos, long deadlineNanos) {
        long remaining = deadlineNanos - nowNanos;
        if (remaining <= 0) {
            return;
        }
        if (remaining > SPIN_NANOS) {
            LockSupport.parkNanos(Math.min(remaining - SPIN_NANOS, MAX_PARK_NANOS));
            return;
        }
        while (clock.nanoTime() < deadlineNanos) {
            Thread.onSpinWait();
        }
    }
}
