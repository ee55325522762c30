package io.brokerbench.run;

import java.time.Duration;

/**
 * After the load stops, waits for the messages still in flight as long as they keep arriving: it
 * ends when every message sent has reached every subscription (every one not aborted on purpose, and
 * then a second without arrivals), or when nothing has arrived for the drain timeout (what is still
 * missing then is judged by the verdicts). Then it waits the same way for acknowledgements still on
 * their way: a consumer can receive a message before its producer hears the broker's acknowledgement,
 * and taken at once the verdicts would count those as never acknowledged. Without subscriptions (a
 * producer-only run) the acknowledgements are all it waits for, and all such a run is judged by.
 */
final class Drain {

    private static final long POLL_NANOS = 100_000_000L;
    /**
     * How long nothing must arrive, once all but the aborted sends have, before the drain ends: consumers
     * reading only committed data never get the aborted ones, those reading uncommitted data got them
     * early (they were in the log before the abort), so a second of quiet means no more is coming.
     */
    private static final long ABORTED_QUIET_NANOS = 1_000_000_000L;

    private final RunMeter meter;
    private final RunClock clock;
    private final RunControl control;
    private final RunListener listener;

    Drain(RunMeter meter, RunClock clock, RunControl control, RunListener listener) {
        this.meter = meter;
        this.clock = clock;
        this.control = control;
        this.listener = listener;
    }

    void await(int subscriptionsPerTopic, Duration quietTimeout) throws InterruptedException {
        if (subscriptionsPerTopic == 0) {
            awaitAcknowledgementsWhileTheyCome(quietTimeout);
        }
        long quietSince = clock.nanoTime();
        long lastReceived = -1;
        while (subscriptionsPerTopic > 0) {
            meter.snapshot();
            if (meter.undelivered() <= 0) {
                awaitAcknowledgementsWhileTheyCome(quietTimeout);
                break;
            }
            if (meter.totals().received() != lastReceived) {
                lastReceived = meter.totals().received();
                quietSince = clock.nanoTime();
            } else if (meter.undeliveredUnlessAborted() <= 0 && clock.nanoTime() - quietSince > ABORTED_QUIET_NANOS) {
                awaitAcknowledgementsWhileTheyCome(quietTimeout);
                break;
            } else if (clock.nanoTime() - quietSince > quietTimeout.toNanos()) {
                listener.note(String.format("drain: %,d message(s) still missing after %d s without progress",
                        meter.undelivered(), quietTimeout.toSeconds()));
                break;
            }
            if (clock.awaitStop(control, POLL_NANOS)) {
                throw new RunInterrupted();
            }
        }
        meter.loadEnded();
    }

    /** Until every message sent is acknowledged, or none more has been for the quiet timeout. */
    private void awaitAcknowledgementsWhileTheyCome(Duration quietTimeout) throws InterruptedException {
        long quietSince = clock.nanoTime();
        long lastWaiting = -1;
        while (true) {
            meter.snapshot();
            long waiting = meter.totals().unacknowledged();
            if (waiting <= 0) {
                return;
            }
            if (waiting != lastWaiting) {
                lastWaiting = waiting;
                quietSince = clock.nanoTime();
            } else if (clock.nanoTime() - quietSince > quietTimeout.toNanos()) {
                listener.note(String.format("drain: %,d acknowledgement(s) still missing after %d s without progress",
                        waiting, quietTimeout.toSeconds()));
                return;
            }
            if (clock.awaitStop(control, POLL_NANOS)) {
                throw new RunInterrupted();
            }
        }
    }
}
