package io.brokerbench.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KneeTest {

    @Test
    void theLastStepBeforeTheTailDoubles() {
        List<Knee.Step> sweep = List.of(
                new Knee.Step(10_000, 10_000, 900, true),
                new Knee.Step(20_000, 20_000, 1_000, true),
                new Knee.Step(40_000, 39_900, 1_700, true),
                new Knee.Step(80_000, 79_000, 2_100, true), // tail over 2x the lowest (900)
                new Knee.Step(160_000, 95_000, 50_000, true)); // missed its rate
        assertEquals(Optional.of(2), Knee.defaults().find(sweep));
    }

    @Test
    void aStepThatLostMessagesIsNeverTheKnee() {
        List<Knee.Step> sweep = List.of(
                new Knee.Step(10_000, 10_000, 900, true),
                new Knee.Step(20_000, 20_000, 950, false));
        assertEquals(Optional.of(0), Knee.defaults().find(sweep));
    }

    @Test
    void stepsInAnyOrder() {
        List<Knee.Step> sweep = List.of(
                new Knee.Step(40_000, 40_000, 1_500, true),
                new Knee.Step(10_000, 10_000, 1_000, true),
                new Knee.Step(80_000, 60_000, 9_000, true));
        assertEquals(Optional.of(0), Knee.defaults().find(sweep));
    }

    @Test
    void noKneeWhenNoStepKeptItsRate() {
        assertEquals(Optional.empty(), Knee.defaults().find(List.of(new Knee.Step(10_000, 5_000, 900, true))));
        assertEquals(Optional.empty(), Knee.defaults().find(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Knee(0.03, 0.5));
    }
}
