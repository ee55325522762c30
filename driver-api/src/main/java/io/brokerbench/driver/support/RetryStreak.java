package io.brokerbench.driver.support;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A client loop's consecutive failures (a consumer whose broker went away): how long to pause
 * before each retry, from {@link #FIRST_PAUSE} doubling up to {@link #MAX_PAUSE}, and what to log
 * — one line when the failures start, one when they change kind (a refused connection becomes a
 * missing consumer group after a restart), one when the loop works again, with how long it was down
 * and how many retries that took. A dead broker then costs two log lines, not one per retry. Used
 * by the one thread that runs the loop.
 */
public final class RetryStreak {

    public static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    public static final Duration MAX_PAUSE = Duration.ofSeconds(2);

    private final String who;
    private final Consumer<String> log;
    private final LongSupplier nanoClock;
    private int failures;
    private long sinceNanos;
    private Class<?> failingWith;

    /**
     * @param who what is retrying, as the log lines start, e.g. "redis consumer c-1 on topic t"
     * @param log where the lines go, e.g. a logger's warn
     * @param nanoClock {@link System#nanoTime} outside tests
     */
    public RetryStreak(String who, Consumer<String> log, LongSupplier nanoClock) {
        this.who = who;
        this.log = log;
        this.nanoClock = nanoClock;
    }

    /** Records a failed attempt; returns how long to pause before the next. */
    public Duration failed(Exception error) {
        if (failures == 0) {
            sinceNanos = nanoClock.getAsLong();
            log.accept(String.format("%s: %s; retrying every %d ms to %d s until it works", who, OneLine.of(error),
                    FIRST_PAUSE.toMillis(), MAX_PAUSE.toSeconds()));
        } else if (error.getClass() != failingWith) {
            log.accept(String.format("%s: still failing after %s and %,d retries, now: %s", who, downFor(), failures,
                    OneLine.of(error)));
        }
        failingWith = error.getClass();
        // FIRST_PAUSE * 2^failures, capped; the shift is capped too so it cannot overflow
        long pauseMillis = Math.min(MAX_PAUSE.toMillis(), FIRST_PAUSE.toMillis() << Math.min(failures, 16));
        failures++;
        return Duration.ofMillis(pauseMillis);
    }

    /** Records a successful attempt; ends the streak, if there was one, with a line saying so. */
    public void succeeded() {
        if (failures > 0) {
            log.accept(String.format("%s: working again after %s and %,d retries", who, downFor(), failures));
            failures = 0;
            failingWith = null;
        }
    }

    private String downFor() {
        return String.format("%.1f s", (nanoClock.getAsLong() - sinceNanos) / 1e9);
    }
}
