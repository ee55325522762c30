package io.brokerbench.time;

/**
 * The monotonic clock the load generator paces itself by. Injected so rate schedules and phase
 * timing are tested deterministically, without sleeping.
 */
@FunctionalInterface
public interface NanoClock {

    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
