package io.brokerbench.time;

/**
 * How a thread passes time it has nothing to do in: the seam between deciding when the next work
 * is due (the caller's job) and waiting for it (this). Agrona's idle strategies are the model, with
 * one addition: a paced load thread knows when its next message is due, so it says so.
 *
 * <p>Production waits on the system clock ({@link ParkingIdler}); tests give the loop a clock
 * that jumps ahead when it idles, so a loop that would idle for minutes finishes in milliseconds.
 * An idler may return before the deadline: callers read the clock again and decide anew.
 */
public interface Idler {

    /** Nothing can be done until something else happens (an acknowledgement arrives): back off briefly. */
    void idle();

    /**
     * Nothing is due before {@code deadlineNanos} on the caller's {@link NanoClock}.
     *
     * @param nowNanos the caller's latest reading of that clock, so the idler need not read it again
     */
    void idleUntil(long nowNanos, long deadlineNanos);
}
