package io.brokerbench.time;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Parks until the next message is due and never spins, so a paced load thread costs CPU only for
 * the messages it sends. Parking overshoots (Linux lets a timer fire up to 50 µs late, its default
 * timer slack, and waking takes more), so at high rates the thread wakes every few tens of
 * microseconds and sends what fell due meanwhile in one burst. Each message keeps its intended time
 * from the schedule and gets its own send time, so the lateness of a burst's messages is measured
 * as publish delay, never hidden; a spinning wait would shave it off at the price of a whole core,
 * taken from a broker on the same machine.
 */
public final class ParkingIdler implements Idler {

    /** How long {@link #idle()} parks: while the in-flight limit blocks every producer, look again this often. */
    static final long BACKOFF_NANOS = 20_000;
    /** The longest single park, so a load thread sees a stop request promptly even at one message a minute. */
    public static final long MAX_PARK_NANOS = 10_000_000;

    private final LongConsumer park;

    /** Parks the calling thread ({@link LockSupport#parkNanos(long)}). */
    public ParkingIdler() {
        this(LockSupport::parkNanos);
    }

    /** @param park passes the given nanoseconds, or fewer; tests give a clock that jumps ahead */
    public ParkingIdler(LongConsumer park) {
        this.park = park;
    }

    @Override
    public void idle() {
        park.accept(BACKOFF_NANOS);
    }

    @Override
    public void idleUntil(long nowNanos, long deadlineNanos) {
        long remaining = deadlineNanos - nowNanos;
        if (remaining > 0) {
            park.accept(Math.min(remaining, MAX_PARK_NANOS));
        }
    }
}
