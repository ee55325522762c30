package io.brokerbench.driver.inmemory;

import java.util.concurrent.locks.LockSupport;

/**
 * The publish timestamp the in-memory driver hands to consumers, in epoch milliseconds, kept by a
 * daemon thread that ticks once a millisecond. Reading the system clock per message would cost the
 * loop-back path as much as everything else it does, and this driver exists to measure the harness.
 */
final class MillisecondTicker {

    private static volatile long now = System.currentTimeMillis();

    static {
        Thread ticker = new Thread(() -> {
            while (true) {
                now = System.currentTimeMillis();
                LockSupport.parkNanos(1_000_000);
            }
        }, "inmemory-ms-ticker");
        ticker.setDaemon(true);
        ticker.start();
    }

    private MillisecondTicker() {
    }

    static long now() {
        return now;
    }
}
