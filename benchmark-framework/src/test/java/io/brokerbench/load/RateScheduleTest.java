package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RateScheduleTest {

    @Test
    void whatIsDueAgreesWithWhenEachMessageIsIntendedWhenThePeriodIsNoWholeNumberOfNanoseconds() {
        RateSchedule schedule = RateSchedule.of(300_000, 1_000_000_000L, 0); // 3,333.33… ns apart
        for (long n = 0; n < 100_000; n++) {
            long intended = schedule.intendedOf(n);
            assertEquals(n + 1, schedule.dueBy(intended), "message " + n + " is due at its intended time");
            assertEquals(n, schedule.dueBy(intended - 1), "and not a nanosecond before");
        }
    }
}
