package io.brokerbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Welch's interval against values worked out by hand. */
class WelchDifferenceTest {

    @Test
    void aShiftFarBeyondTheSpreadHasAnIntervalThatExcludesZero() {
        // baseline mean 100, variance 2.5; candidate mean 90, variance 0.625; five runs each:
        // standard error √(2.5/5 + 0.625/5) = 0.7906, Welch–Satterthwaite df = 5.88, t(0.975, 5.88) = 2.46,
        // so the difference is −10 ± 1.945 msg/s: −10 % in [−11.9 %, −8.1 %] of the baseline
        DifferenceInterval d = WelchDifference.of(new double[] {100, 102, 98, 101, 99}, new double[] {90, 91, 89, 90.5, 89.5});
        assertEquals(-0.10, d.relative(), 1e-12);
        assertEquals(-0.1194, d.low(), 0.0005);
        assertEquals(-0.0806, d.high(), 0.0005);
        assertEquals(-1, d.sign());
        assertEquals(ComparedFigure.WORSE, ComparedFigure.judged("publishRate", "msg/s", true, 100, 90, List.of(), List.of(), d).verdict());
        assertEquals(ComparedFigure.BETTER, ComparedFigure.judged("cpuMicrosPerMessage", "us", false, 100, 90, List.of(), List.of(), d).verdict());
    }

    @Test
    void aShiftWithinTheSpreadIsNoMeasurableDifference() {
        DifferenceInterval d = WelchDifference.of(new double[] {100, 102, 98, 101, 99}, new double[] {100.5, 101.5, 99, 100, 99.5});
        assertTrue(d.low() < 0 && d.high() > 0, d.toString());
        assertEquals(ComparedFigure.NO_DIFFERENCE, ComparedFigure.judged("publishRate", "msg/s", true, 100, 100.1, List.of(), List.of(), d).verdict());
    }

    @Test
    void oneRunOnASideGivesNoVerdict() {
        DifferenceInterval d = WelchDifference.of(new double[] {100}, new double[] {50, 51});
        assertFalse(d.hasInterval());
        assertTrue(ComparedFigure.judged("publishRate", "msg/s", true, 100, 50.5, List.of(), List.of(), d).verdict().startsWith("no verdict: one run"));
    }
}
