package io.brokerbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void fiveRunsGiveStudentsInterval() {
        Spread spread = Spread.of(10, 12, 11, 13, 9);
        assertEquals(11.0, spread.mean(), 1e-12);
        assertEquals(Math.sqrt(2.5), spread.standardDeviation(), 1e-12);
        // t(0.975, 4) = 2.7764451...
        double halfWidth = 2.7764451051977987 * Math.sqrt(2.5) / Math.sqrt(5);
        assertEquals(11 - halfWidth, spread.ciLow(), 1e-9);
        assertEquals(11 + halfWidth, spread.ciHigh(), 1e-9);
        assertEquals(9, spread.min());
        assertEquals(13, spread.max());
        assertEquals(Math.sqrt(2.5) / 11, spread.coefficientOfVariation(), 1e-12);
    }

    @Test
    void oneRunHasNoSpread() {
        Spread spread = Spread.of(7);
        assertEquals(7, spread.mean());
        assertTrue(Double.isNaN(spread.standardDeviation()));
        assertTrue(Double.isNaN(spread.ciLow()) && Double.isNaN(spread.ciHigh()));
        assertThrows(IllegalArgumentException.class, Spread::of);
    }

    @Test
    void identicalRunsHaveAPointInterval() {
        Spread spread = Spread.of(5, 5, 5);
        assertEquals(0, spread.standardDeviation());
        assertEquals(5, spread.ciLow());
        assertEquals(5, spread.ciHigh());
    }
}
