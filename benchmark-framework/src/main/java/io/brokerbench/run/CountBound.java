package io.brokerbench.run;

import java.time.Duration;

/**
 * When a count-bounded run's measured phase ends: once every message has been handed to a driver,
 * or once none has been for the quiet timeout (a broker that stopped taking messages must not keep
 * the run waiting for ever; what was not sent is judged by the verdicts).
 */
final class CountBound {

    private final long messages;
    private final RunMeter meter;
    private final RunClock clock;
    private final long quietNanos;
    private final RunListener listener;
    private long lastSent = -1;
    private long progressNanos;

    CountBound(long messages, RunMeter meter, RunClock clock, Duration quietTimeout, RunListener listener) {
        this.messages = messages;
        this.meter = meter;
        this.clock = clock;
        this.quietNanos = quietTimeout.toNanos();
        this.listener = listener;
    }

    /** Called at the end of each interval, after its snapshot. */
    boolean published() {
        long sent = meter.totals().sent();
        if (sent >= messages) {
            return true;
        }
        if (sent != lastSent) {
            lastSent = sent;
            progressNanos = clock.nanoTime();
            return false;
        }
        if (clock.nanoTime() - progressNanos > quietNanos) {
            listener.note(String.format("publishing stalled: %,d of %,d message(s) sent, none for %d s", sent, messages,
                    Duration.ofNanos(quietNanos).toSeconds()));
            return true;
        }
        return false;
    }
}
