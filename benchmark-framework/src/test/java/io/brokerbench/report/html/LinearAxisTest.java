package io.brokerbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LinearAxisTest {

    @Test
    void roundsOutToNiceTicks() {
        List<Axis.Tick> ticks = LinearAxis.covering(0, 5003, "msg/s").ticks();

        assertEquals(List.of("0", "1,000", "2,000", "3,000", "4,000", "5,000", "6,000"), ticks.stream().map(Axis.Tick::label).toList());
    }

    @Test
    void largeValuesGetSuffixesAndSmallOnesDecimals() {
        assertEquals(List.of("0", "50k", "100k", "150k", "200k", "250k"),
                LinearAxis.covering(0, 240_000, "msg/s").ticks().stream().map(Axis.Tick::label).toList());
        assertEquals(List.of("0", "0.02", "0.04", "0.06", "0.08", "0.1"),
                LinearAxis.covering(0, 0.09, "ms").ticks().stream().map(Axis.Tick::label).toList());
    }

    @Test
    void anEmptyRangeStillHasAnAxis() {
        assertEquals(List.of("0", "0.2", "0.4", "0.6", "0.8", "1"),
                LinearAxis.covering(0, 0, "messages").ticks().stream().map(Axis.Tick::label).toList());
    }
}
