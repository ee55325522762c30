package io.brokerbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryStreakTest {

    private final List<String> logged = new ArrayList<>();
    private long nowNanos = 5_000_000_000L;
    private final RetryStreak streak = new RetryStreak("redis consumer c-1 on t", logged::add, () -> nowNanos);

    @Test
    void aLostConnectionLogsOnceWhenLostAndOnceWhenBackWithDowntimeAndRetries() {
        for (int i = 0; i < 30; i++) {
            streak.failed(new IllegalStateException("Failed to connect to 127.0.0.1:6379"));
            nowNanos += 500_000_000L;
        }
        streak.succeeded();
        streak.succeeded();

        assertEquals(List.of(
                "redis consumer c-1 on t: IllegalStateException: Failed to connect to 127.0.0.1:6379; retrying every 100 ms"
                        + " to 2 s until it works",
                "redis consumer c-1 on t: working again after 15.0 s and 30 retries"), logged);
    }

    @Test
    void pausesDoubleFrom100MillisecondsUpTo2SecondsAndStartOverAfterASuccess() {
        List<Long> pauses = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pauses.add(streak.failed(new IllegalStateException("down")).toMillis());
        }
        streak.succeeded();
        pauses.add(streak.failed(new IllegalStateException("down")).toMillis());

        assertEquals(List.of(100L, 200L, 400L, 800L, 1_600L, 2_000L, 2_000L, 2_000L, 100L), pauses);
    }

    @Test
    void theBackoffStaysAtItsCapHoweverLongTheOutage() {
        Duration pause = Duration.ZERO;
        for (int i = 0; i < 100_000; i++) {
            pause = streak.failed(new IllegalStateException("down"));
        }
        assertEquals(RetryStreak.MAX_PAUSE, pause);
        assertEquals(1, logged.size(), logged.toString());
    }

    @Test
    void aChangeInTheKindOfFailureIsLoggedOnceWithTheStreakSoFar() {
        streak.failed(new UncheckedIOException(new IOException("Connection refused")));
        nowNanos += 2_000_000_000L;
        streak.failed(new UncheckedIOException(new IOException("Connection refused")));
        streak.failed(new IllegalArgumentException("NOGROUP No such key 't-0'\n or consumer group 'sub'"));
        streak.failed(new IllegalArgumentException("NOGROUP No such key 't-0' or consumer group 'sub'"));

        assertEquals(List.of(
                "redis consumer c-1 on t: IOException: Connection refused; retrying every"
                        + " 100 ms to 2 s until it works",
                "redis consumer c-1 on t: still failing after 2.0 s and 2 retries, now: IllegalArgumentException: NOGROUP"
                        + " No such key 't-0' or consumer group 'sub'"), logged);
    }

    @Test
    void successesWithoutFailuresLogNothing() {
        streak.succeeded();
        streak.succeeded();
        assertEquals(List.of(), logged);
    }
}
