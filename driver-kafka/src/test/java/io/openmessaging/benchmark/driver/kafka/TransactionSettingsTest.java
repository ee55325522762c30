package io.openmessaging.benchmark.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Which transactions the producer aborts: an exact share, spread evenly, never left to chance. */
class TransactionSettingsTest {

    private static long abortedOf(TransactionSettings settings, long transactions) {
        return LongStream.range(0, transactions).filter(settings::aborts).count();
    }

    @Test
    void aTenthAbortsEveryTenthTransaction() {
        TransactionSettings settings = new TransactionSettings(100, 0.1);
        assertEquals(0, abortedOf(settings, 9));
        assertEquals(1, abortedOf(settings, 10));
        assertEquals(100, abortedOf(settings, 1_000));
    }

    @Test
    void anyShareAbortsItsFloorOfEveryPrefix() {
        TransactionSettings settings = new TransactionSettings(1, 0.37);
        for (long n = 0; n <= 500; n++) {
            assertEquals((long) Math.floor(n * 0.37), abortedOf(settings, n), "after " + n + " transactions");
        }
        assertEquals(20, abortedOf(new TransactionSettings(1, 1.0), 20));
    }

    @Test
    void withoutAnAbortFractionNothingIsAborted() {
        TransactionSettings settings = new TransactionSettings(10, null);
        assertFalse(LongStream.range(0, 1_000).anyMatch(settings::aborts));
        assertEquals(0, new TransactionSettings(null, null).messagesPerTransaction());
    }
}
