package io.brokerbench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.metrics.BrokerUsage;
import io.brokerbench.metrics.IntervalMetrics;
import io.brokerbench.metrics.LoadGeneratorUsage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MeasuredCpuTest {

    private static IntervalMetrics interval(double broker, double... clients) {
        List<LoadGeneratorUsage> workers = java.util.Arrays.stream(clients)
                .mapToObj(c -> new LoadGeneratorUsage("local", c, 0, 0, 0, 0, 0)).toList();
        return new IntervalMetrics(workers, Map.of(), Map.of(),
                broker < 0 ? Optional.empty() : Optional.of(new BrokerUsage(broker, 0, List.of())));
    }

    @Test
    void averagesTheMeasuredIntervalsOnly() {
        MeasuredCpu cpu = MeasuredCpu.of(List.of(Phase.WARMUP, Phase.MEASURE, Phase.MEASURE, Phase.DRAIN),
                List.of(interval(0.1, 1.9), interval(0.8, 1.0), interval(0.6, 1.2), interval(0.1, 0.1)));
        assertEquals(1.1, cpu.clientCores().getAsDouble(), 1e-9);
        assertEquals(0.7, cpu.brokerCores().getAsDouble(), 1e-9);
    }

    @Test
    void sumsTheWorkersOfOneInterval() {
        MeasuredCpu cpu = MeasuredCpu.of(List.of(Phase.MEASURE), List.of(interval(-1, 0.5, 0.25)));
        assertEquals(0.75, cpu.clientCores().getAsDouble(), 1e-9);
        assertTrue(cpu.brokerCores().isEmpty());
    }

    @Test
    void aRunStoppedBeforeMeasuringIsJudgedByWhatItDid() {
        MeasuredCpu cpu = MeasuredCpu.of(List.of(Phase.SEARCH, Phase.SEARCH), List.of(interval(1, 1.5), interval(1, 0.5)));
        assertEquals(1.0, cpu.clientCores().getAsDouble(), 1e-9);
    }

    @Test
    void intervalsWithoutSamplesGiveNoFigure() {
        MeasuredCpu cpu = MeasuredCpu.of(List.of(Phase.MEASURE), List.of(interval(-1)));
        assertTrue(cpu.clientCores().isEmpty());
        assertTrue(MeasuredCpu.of(List.of(), List.of()).clientCores().isEmpty());
    }
}
