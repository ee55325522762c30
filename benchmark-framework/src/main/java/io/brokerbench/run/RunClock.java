package io.brokerbench.run;

import io.brokerbench.time.NanoClock;

/**
 * The run's time: the clock its phases are timed by, and how it waits for the next step while
 * staying responsive to a stop request. Injected so that tests run whole phases, minutes long, on a
 * clock that moves only when the run waits.
 */
public interface RunClock extends NanoClock {

    /** The system's monotonic clock; a wait ends at once when a stop is requested. */
    RunClock SYSTEM = new RunClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public boolean awaitStop(RunControl control, long nanos) throws InterruptedException {
            return control.awaitStop(nanos);
        }
    };

    /** Waits up to {@code nanos}, less if {@code control} is asked to stop meanwhile; true if it was. */
    boolean awaitStop(RunControl control, long nanos) throws InterruptedException;
}
