package io.brokerbench.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a signal handler (Ctrl-C) or a watchdog (a worker stopped answering) ask a run to stop. The
 * run then stops the load and still writes what it measured, marked incomplete; waiting for the next
 * interval doubles as waiting for a stop. The first request wins: its kind decides the exit code.
 */
public final class RunControl {

    /** Why a stop was requested. */
    public enum StopKind {
        /** The user asked (Ctrl-C): exit code 130. */
        SIGNAL,
        /** Something the run depends on failed, e.g. a worker: exit code 1. */
        FAILURE
    }

    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile String reason;
    private volatile StopKind kind;

    public void requestStop(String why) {
        stop(StopKind.SIGNAL, why);
    }

    /** Stops the run because something failed; the run is written incomplete with {@code why}. */
    public void fail(String why) {
        stop(StopKind.FAILURE, why);
    }

    private synchronized void stop(StopKind stopKind, String why) {
        if (stopRequested()) {
            return;
        }
        reason = why;
        kind = stopKind;
        stop.countDown();
    }

    public boolean stopRequested() {
        return stop.getCount() == 0;
    }

    /** True when the user interrupted the run (as opposed to a failure stopping it). */
    public boolean interruptedBySignal() {
        return stopRequested() && kind == StopKind.SIGNAL;
    }

    /** The kind of the stop request, or null while none was made. */
    public StopKind kind() {
        return kind;
    }

    public String reason() {
        return reason;
    }

    /** Waits up to {@code nanos}; true if a stop was requested meanwhile. */
    public boolean awaitStop(long nanos) throws InterruptedException {
        return nanos > 0 ? stop.await(nanos, TimeUnit.NANOSECONDS) : stopRequested();
    }
}
