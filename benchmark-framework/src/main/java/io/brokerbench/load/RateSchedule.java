package io.brokerbench.load;

/**
 * When each message of one producer is meant to be sent: message n at {@code start + n × period}.
 * The schedule never waits for the broker, so a stall shows up as publish delay and as latency
 * from the intended time instead of silently lowering the rate (coordinated omission).
 * An unpaced schedule (rate 0, "as fast as possible") intends every message for the moment it is
 * sent.
 */
public final class RateSchedule {

    private final long startNanos;
    private final double periodNanos;
    private long index;

    private RateSchedule(long startNanos, double periodNanos) {
        this.startNanos = startNanos;
        this.periodNanos = periodNanos;
    }

    /**
     * @param ratePerSecond this producer's share of the workload's rate; 0 for unpaced
     * @param phase where in one period this producer starts, 0 ≤ phase &lt; 1, so that several
     *     producers interleave instead of sending in lockstep bursts
     */
    public static RateSchedule of(double ratePerSecond, long startNanos, double phase) {
        if (ratePerSecond <= 0) {
            return new RateSchedule(startNanos, 0);
        }
        double period = 1e9 / ratePerSecond;
        return new RateSchedule(startNanos + (long) (phase * period), period);
    }

    public boolean paced() {
        return periodNanos > 0;
    }

    /** The intended send time of the next message; for an unpaced schedule, {@code now}. */
    public long nextIntended(long now) {
        return periodNanos > 0 ? startNanos + (long) (index * periodNanos) : now;
    }

    public void advance() {
        index++;
    }

    /** How many messages are due by {@code now} (intended at or before it); 0 for an unpaced schedule. */
    public long dueBy(long now) {
        if (periodNanos <= 0 || now < startNanos) {
            return 0;
        }
        long due = (long) ((now - startNanos) / periodNanos) + 1;
        // the division can round the other way from intendedOf's multiplication, which decides when each message goes
        if (intendedOf(due) <= now) {
            return due + 1;
        }
        return intendedOf(due - 1) > now ? due - 1 : due;
    }

    /** The intended send time of message {@code n} of a paced schedule. */
    public long intendedOf(long n) {
        return startNanos + (long) (n * periodNanos);
    }

    /** Nanoseconds between two messages; 0 for an unpaced schedule. */
    public double periodNanos() {
        return periodNanos;
    }
}
