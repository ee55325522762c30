package io.openmessaging.benchmark.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A share consumer's stalls: on every n-th poll that returned records, counted, never left to chance. */
class StallsTest {

    @Test
    void everyThirdPollWithRecordsStalls() {
        Stalls stalls = new Stalls(3, Duration.ofSeconds(2));
        StringBuilder pattern = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            pattern.append(stalls.afterPollWithRecords().isZero() ? '.' : 'S');
        }
        assertEquals("..S..S.", pattern.toString());
    }

    @Test
    void everyPollStallsWhenAskedSo() {
        Stalls stalls = new Stalls(1, Duration.ofMillis(1500));
        assertEquals(Duration.ofMillis(1500), stalls.afterPollWithRecords());
        assertEquals(Duration.ofMillis(1500), stalls.afterPollWithRecords());
    }
}
