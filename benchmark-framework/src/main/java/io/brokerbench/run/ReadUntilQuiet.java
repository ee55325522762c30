package io.brokerbench.run;

import java.time.Duration;

/**
 * When a consumer-only run's measured phase ends: once nothing has arrived for the quiet timeout, its
 * topics read as far as they go (the driver API does not say how many messages a topic holds, so
 * silence is the only sign of the end), or at the workload's test duration with messages still
 * arriving, whichever comes first.
 */
final class ReadUntilQuiet {

    private final RunMeter meter;
    private final RunClock clock;
    private final long quietNanos;
    private final long endNanos;
    private final RunListener listener;
    private long lastReceived = -1;
    private long progressNanos;
    private boolean quiet;

    ReadUntilQuiet(RunMeter meter, RunClock clock, Duration quietTimeout, Duration limit, RunListener listener) {
        this.meter = meter;
        this.clock = clock;
        this.quietNanos = quietTimeout.toNanos();
        this.progressNanos = clock.nanoTime();
        this.endNanos = progressNanos + limit.toNanos();
        this.listener = listener;
    }

    /** Called at the end of each interval, after its snapshot. */
    boolean over() {
        long received = meter.totals().received();
        long now = clock.nanoTime();
        if (received != lastReceived) {
            lastReceived = received;
            progressNanos = now;
        } else if (now - progressNanos > quietNanos) {
            quiet = true;
            listener.note(String.format("consumer-only: %,d message(s) read, none for %d s: the topics are read",
                    received, Duration.ofNanos(quietNanos).toSeconds()));
            return true;
        }
        if (now >= endNanos) {
            listener.note(String.format("consumer-only: %,d message(s) read when the test duration ended, still arriving",
                    received));
            return true;
        }
        return false;
    }

    /** Whether the read ended because nothing more arrived (false: the test duration ended it). */
    boolean quiet() {
        return quiet;
    }
}
