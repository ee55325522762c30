package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Rate changes of a schedule: continuous intended times, effect from the given instant, pauses. */
class RateScheduleTest {

    private static final long START = 1_000_000_000L;

    /** Sends (advances over) every message due by {@code now}. */
    private static void sendUntil(RateSchedule schedule, long now) {
        while (schedule.nextIntended(now) <= now) {
            schedule.advance();
        }
    }

    @Test
    void aChangeKeepsEarlierTimesAndCarriesThePhaseIntoTheNewPeriod() {
        RateSchedule schedule = RateSchedule.of(1_000, START, 0); // every 1 ms
        sendUntil(schedule, START + 10_250_000); // messages 0..10 sent; 11 is due at 11 ms
        schedule.changeRate(2_000, START + 10_250_000); // 0.75 of the old period remained: 0.375 ms of the new
        assertEquals(START + 10_625_000, schedule.nextIntended(START + 10_250_000));
        schedule.advance();
        assertEquals(START + 11_125_000, schedule.nextIntended(START + 11_000_000));
        assertEquals(500_000, schedule.periodNanos(), 1e-9);
    }

    @Test
    void messagesDueBeforeTheChangeButUnsentKeepTheOldRate() {
        RateSchedule schedule = RateSchedule.of(1_000, START, 0);
        // the load thread saw nothing yet; the change at 5.5 ms leaves messages 0..5 on the old schedule
        schedule.changeRate(100, START + 5_500_000);
        assertEquals(START, schedule.nextIntended(START + 5_500_000));
        for (int i = 0; i < 6; i++) {
            assertEquals(START + i * 1_000_000L, schedule.nextIntended(START + 5_500_000));
            schedule.advance();
        }
        // message 6 was half a period (of 1 ms) away: half a period of 10 ms after the change
        assertEquals(START + 10_500_000, schedule.nextIntended(START + 5_500_000));
        assertEquals(6, schedule.segmentStart());
        assertEquals(6, schedule.dueBy(START + 10_499_999));
        assertEquals(7, schedule.dueBy(START + 10_500_000));
    }

    @Test
    void aPauseHoldsEverythingAndResumingKeepsThePhase() {
        RateSchedule schedule = RateSchedule.of(1_000, START, 0);
        sendUntil(schedule, START + 2_200_000); // 0..2 sent, 3 due at 3 ms: 0.8 of a period away
        schedule.changeRate(0, START + 2_200_000);
        assertEquals(Long.MAX_VALUE, schedule.nextIntended(START + 60_000_000_000L));
        assertEquals(3, schedule.dueBy(START + 60_000_000_000L));
        schedule.changeRate(1_000, START + 9_000_000);
        assertEquals(START + 9_800_000, schedule.nextIntended(START + 9_000_000));
        assertEquals(4, schedule.dueBy(START + 9_800_000));
    }

    @Test
    void aRestartIntendsWhatWasUnsentAgainUnderTheNewRate() {
        RateSchedule schedule = RateSchedule.of(1_000, START, 0); // every 1 ms
        sendUntil(schedule, START + 2_500_000); // 0..2 sent; then the producer fell behind
        // at 10.25 ms messages 3..10 are overdue; a change would keep them due at once, a restart does not
        assertEquals(3, schedule.restartRate(2_000, START + 10_250_000));
        // message 3 was intended at 3 ms: a whole number of periods behind, plus 0.75 of one: 0.375 ms of the new
        assertEquals(START + 10_625_000, schedule.nextIntended(START + 10_250_000));
        assertEquals(3, schedule.segmentStart());
        assertEquals(3, schedule.dueBy(START + 10_624_999));
        assertEquals(4, schedule.dueBy(START + 10_625_000));
        schedule.advance();
        assertEquals(START + 11_125_000, schedule.nextIntended(START + 11_000_000));
    }

    @Test
    void aRestartAtRateZeroPausesAndForgetsWhatWasDue() {
        RateSchedule schedule = RateSchedule.of(1_000, START, 0);
        assertEquals(0, schedule.restartRate(0, START + 5_500_000)); // 0..5 were due, none sent
        assertEquals(Long.MAX_VALUE, schedule.nextIntended(START + 60_000_000_000L));
        assertEquals(0, schedule.dueBy(START + 60_000_000_000L));
        // resuming keeps the phase: 5.5 ms after message 0's time is half-way through a 1 ms period
        schedule.changeRate(1_000, START + 9_000_000);
        assertEquals(START + 9_500_000, schedule.nextIntended(START + 9_000_000));
    }

    @Test
    void anUnpacedScheduleHasNoRateToChange() {
        RateSchedule schedule = RateSchedule.of(0, START, 0);
        assertThrows(IllegalStateException.class, () -> schedule.changeRate(1_000, START));
        assertThrows(IllegalStateException.class, () -> schedule.restartRate(1_000, START));
    }

    @Test
    void aBurstIsDueAtOnceAndTheRateResumesAfterIt() {
        RateSchedule schedule = RateSchedule.of(1_000, START, 0);
        // messages 0 at 0 ms, burst 1..3 at 0.5 ms, then 1.5 ms on: the change begins with the burst's first
        assertEquals(1, schedule.changeRate(1_000, START + 500_000, 3));
        assertEquals(START, schedule.nextIntended(START));
        schedule.advance();
        for (int i = 1; i <= 3; i++) {
            assertEquals(START + 500_000, schedule.nextIntended(START + 500_000));
            schedule.advance();
        }
        assertEquals(START + 1_000_000, schedule.nextIntended(START + 500_000));
        assertEquals(4, schedule.dueBy(START + 999_999));
        assertEquals(5, schedule.dueBy(START + 1_000_000));
    }

    @Test
    void whatIsDueAgreesWithWhenEachMessageIsIntendedWhenThePeriodIsNoWholeNumberOfNanoseconds() {
        RateSchedule schedule = RateSchedule.of(300_000, START, 0); // 3,333.33… ns apart
        for (long n = 0; n < 100_000; n++) {
            long intended = schedule.intendedOf(n);
            assertEquals(n + 1, schedule.dueBy(intended), "message " + n + " is due at its intended time");
            assertEquals(n, schedule.dueBy(intended - 1), "and not a nanosecond before");
        }
    }
}
