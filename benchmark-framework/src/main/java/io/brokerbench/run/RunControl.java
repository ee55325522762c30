package io.brokerbench.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a signal handler (Ctrl-C) ask a run to stop. The run then stops the load and still writes
 * what it measured, marked incomplete; waiting for the next interval doubles as waiting for a stop.
 */
public final class RunControl {

    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile String reason;

    public void requestStop(String why) {
        reason = why;
        stop.countDown();
    }

    public boolean stopRequested() {
        return stop.getCount() == 0;
    }

    public String reason() {
        return reason;
    }

    /** Waits up to {@code nanos}; true if a stop was requested meanwhile. */
    public boolean awaitStop(long nanos) throws InterruptedException {
        return nanos > 0 ? stop.await(nanos, TimeUnit.NANOSECONDS) : stopRequested();
    }
}
