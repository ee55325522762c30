package io.brokerbench.remote.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerbench.remote.coordinator.ClockEstimate.Exchange;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClockEstimateTest {

    @Test
    void symmetricExchangeGivesTheOffsetExactly() {
        // worker clock 500 µs ahead; 100 µs each way
        ClockEstimate estimate = ClockEstimate.of(List.of(new Exchange(1_000, 1_000 + 100 + 500, 1_200)));
        assertEquals(500, estimate.offsetMicros());
        assertEquals(100, estimate.uncertaintyMicros());
    }

    @Test
    void theShortestRoundTripWins() {
        ClockEstimate estimate = ClockEstimate.of(List.of(
                new Exchange(0, 5_000, 8_000),      // slow: midpoint 4000, offset 1000, ± 4000
                new Exchange(10_000, 9_830, 10_040), // fast: midpoint 10020, offset -190, ± 20
                new Exchange(20_000, 20_900, 20_600)));
        assertEquals(-190, estimate.offsetMicros());
        assertEquals(20, estimate.uncertaintyMicros());
    }

    @Test
    void anAsymmetricExchangeStaysWithinTheUncertainty() {
        // true offset 0; the request took 290 µs, the reply 10 µs: the estimate errs by 140 < 150
        ClockEstimate estimate = ClockEstimate.of(List.of(new Exchange(0, 290, 300)));
        assertEquals(140, estimate.offsetMicros());
        assertEquals(150, estimate.uncertaintyMicros());
    }
}
