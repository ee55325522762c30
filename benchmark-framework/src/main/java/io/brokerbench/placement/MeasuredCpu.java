package io.brokerbench.placement;

import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.metrics.BrokerUsage;
import io.brokerbench.metrics.IntervalMetrics;
import io.brokerbench.metrics.LoadGeneratorUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * How many cores the load generator and the local broker kept busy on average over a run's measured
 * phase, from the CPU samples the run takes every interval ({@link LoadGeneratorUsage}, {@link BrokerUsage}).
 *
 * @param clientCores all recording workers' process CPU together; empty without samples
 * @param brokerCores the local broker's; empty without a broker or samples
 */
public record MeasuredCpu(OptionalDouble clientCores, OptionalDouble brokerCores) {

    /**
     * Over {@code run}'s measured intervals, or all its intervals when it ended before measuring
     * (a run stopped during the search or warm-up loaded the machine too). A run that recorded no
     * samples ({@code --no-metrics}) falls back to the client's CPU over the measured phase, which
     * the run totals regardless.
     */
    public static MeasuredCpu of(RunRecord run) {
        List<Phase> phases = run.intervals().stream().map(IntervalPoint::phase).toList();
        MeasuredCpu sampled = of(phases, run.metrics().intervals());
        if (sampled.clientCores().isEmpty() && run.measuredSeconds() > 0) {
            return new MeasuredCpu(OptionalDouble.of(run.measuredProcessCpuSeconds() / run.measuredSeconds()),
                    sampled.brokerCores());
        }
        return sampled;
    }

    /** {@code phases.get(i)} is the phase of {@code metrics.get(i)}; the two lists run in step. */
    static MeasuredCpu of(List<Phase> phases, List<IntervalMetrics> metrics) {
        int count = Math.min(phases.size(), metrics.size());
        List<IntervalMetrics> chosen = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (phases.get(i) == Phase.MEASURE) {
                chosen.add(metrics.get(i));
            }
        }
        if (chosen.isEmpty()) {
            chosen.addAll(metrics.subList(0, count));
        }
        return new MeasuredCpu(
                chosen.stream().filter(m -> !m.loadGenerators().isEmpty())
                        .mapToDouble(m -> m.loadGenerators().stream().mapToDouble(LoadGeneratorUsage::cpuCores).sum())
                        .average(),
                chosen.stream().filter(m -> m.broker().isPresent())
                        .mapToDouble(m -> m.broker().get().cpuCores()).average());
    }
}
