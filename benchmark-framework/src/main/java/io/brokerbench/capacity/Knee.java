package io.brokerbench.capacity;

import java.util.List;
import java.util.Optional;

/**
 * The knee of a latency–throughput curve: the highest step of a rate sweep that still kept its rate,
 * delivered cleanly, and whose tail latency stayed within {@code latencyFactor} times the lowest step's.
 * Past it, more offered load buys latency rather than throughput.
 *
 * <p>A stated rule rather than a curve-fitting one, so a reader can check it against the table.
 */
public final class Knee {

    /** One step of a sweep as the knee rule sees it. */
    public record Step(double targetRate, double achievedRate, double tailLatency, boolean deliveredCleanly) {
    }

    private final double rateTolerance;
    private final double latencyFactor;

    /** Steps may fall 3 % short of their target; tail latency may reach twice the lowest step's. */
    public static Knee defaults() {
        return new Knee(0.03, 2.0);
    }

    public Knee(double rateTolerance, double latencyFactor) {
        if (!(rateTolerance >= 0 && rateTolerance < 1) || !(latencyFactor >= 1)) {
            throw new IllegalArgumentException("need 0 <= rateTolerance < 1 and latencyFactor >= 1, not "
                    + rateTolerance + " and " + latencyFactor);
        }
        this.rateTolerance = rateTolerance;
        this.latencyFactor = latencyFactor;
    }

    /** Index of the knee in {@code steps} (any order), or empty when no step qualifies. */
    public Optional<Integer> find(List<Step> steps) {
        double lowestTail = steps.stream().filter(this::keptItsRate)
                .mapToDouble(Step::tailLatency).min().orElse(Double.NaN);
        Integer knee = null;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            boolean qualifies = keptItsRate(step) && step.tailLatency() <= latencyFactor * lowestTail;
            if (qualifies && (knee == null || step.achievedRate() > steps.get(knee).achievedRate())) {
                knee = i;
            }
        }
        return Optional.ofNullable(knee);
    }

    public String rule() {
        return String.format(java.util.Locale.ROOT,
                "highest step within %.0f %% of its target rate, delivered cleanly, tail latency <= %.1fx the lowest step's",
                rateTolerance * 100, latencyFactor);
    }

    private boolean keptItsRate(Step step) {
        return step.deliveredCleanly() && step.achievedRate() >= (1 - rateTolerance) * step.targetRate();
    }
}
