package io.brokerbench.time;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Parks until the next message is due and never spins, so a paced load thread costs CPU only for
 * the messages it sends and for waking up. Waking up is what costs: a park and its wake-up take as
 * much CPU as sending dozens of messages (more on a virtual machine, whose timers trap to the
 * hypervisor), and the kernel lets a parked thread sleep up to 50 µs too long anyway (its default
 * timer slack). So a thread parks
 * for at least {@link #MIN_PARK_NANOS}: at most a few thousand wake-ups a second, whatever the
 * rate, each sending in one burst everything that fell due meanwhile. Below that rate every
 * message still gets a wake-up of its own.
 *
 * <p>Each message keeps its intended time from the schedule and gets its own send time, so how late
 * a burst's messages go out is measured as publish delay and in the latencies from the intended time,
 * never hidden. Spinning for the last stretch would shave that off at the price of a whole core,
 * taken from a broker on the same machine.
 */
public final class ParkingIdler implements Idler {

    /**
     * The shortest park: bounds wake-ups to about 3,000 a second per load thread, and the delay it
     * adds to a message (beyond the kernel's lateness) to this. Also how long {@link #idle()} parks
     * while the in-flight limit blocks every producer.
     */
    public static final long MIN_PARK_NANOS = 250_000;
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
        park.accept(MIN_PARK_NANOS);
    }

    @Override
    public void idleUntil(long nowNanos, long deadlineNanos) {
        park.accept(Math.min(Math.max(deadlineNanos - nowNanos, MIN_PARK_NANOS), MAX_PARK_NANOS));
    }
}
