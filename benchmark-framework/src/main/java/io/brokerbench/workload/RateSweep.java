package io.brokerbench.workload;

import io.brokerbench.yaml.FieldException;
import java.util.List;

/**
 * The workload's {@code sweep:} section: the latency–throughput curve in one command. Each step is
 * a run of the workload (its own topics, warm-up and measured phase) at one target rate, given
 * either as {@code rates} (msg/s over all producers) or as {@code percentOfMax} of {@code maxRate};
 * without {@code maxRate}, a max-rate search finds what 100 % is before the steps run. Absent,
 * every list is null and there is no sweep.
 *
 * @param rates target rates, msg/s
 * @param percentOfMax target rates as percentages of {@code maxRate}
 * @param maxRate what {@code percentOfMax} is a percentage of; absent, it is discovered
 *     ({@link #discoversMaximum()}, {@link #withMaximum})
 */
public record RateSweep(List<Double> rates, List<Double> percentOfMax, Double maxRate) {

    public RateSweep {
        if (rates != null && percentOfMax != null) {
            throw new FieldException("percentOfMax", percentOfMax, "give either 'rates' or 'percentOfMax', not both");
        }
        if (rates != null) {
            check("rates", rates, 1e300);
            rates = List.copyOf(rates);
        }
        if (percentOfMax != null) {
            check("percentOfMax", percentOfMax, 1000);
            percentOfMax = List.copyOf(percentOfMax);
        }
        if (maxRate != null && !(maxRate > 0 && Double.isFinite(maxRate))) {
            throw new FieldException("maxRate", maxRate, "must be a rate above 0 msg/s");
        }
        if (maxRate != null && percentOfMax == null) {
            throw new FieldException("maxRate", maxRate, "is used only with 'percentOfMax'");
        }
    }

    private static void check(String field, List<Double> values, double highest) {
        if (values.isEmpty()) {
            throw new FieldException(field, values, "must list at least one step");
        }
        for (Double value : values) {
            if (value == null || !(value > 0 && value <= highest)) {
                throw new FieldException(field, values, "every step must be above 0" + (highest < 1e300 ? " and at most "
                        + (long) highest : "") + ", not " + value);
            }
        }
    }

    /** Whether the workload asks for a sweep. */
    public boolean wanted() {
        return rates != null || percentOfMax != null;
    }

    /** How many steps (runs at one target rate each) the sweep has. */
    public int steps() {
        return rates != null ? rates.size() : percentOfMax.size();
    }

    /** Whether what {@code percentOfMax} is a percentage of must first be found by a max-rate search. */
    public boolean discoversMaximum() {
        return percentOfMax != null && maxRate == null;
    }

    /** This sweep with {@code maximum} (msg/s, found by a max-rate search) as the rate 100 % stands for. */
    public RateSweep withMaximum(double maximum) {
        if (percentOfMax == null) {
            throw new IllegalStateException("a sweep of rates has no maximum");
        }
        return new RateSweep(null, percentOfMax, maximum);
    }

    /**
     * The steps' target rates, msg/s over all producers, in the order given.
     *
     * @throws IllegalStateException while the maximum is still to be discovered ({@link #withMaximum})
     */
    public List<Double> targetRates() {
        if (rates != null) {
            return rates;
        }
        if (maxRate == null) {
            throw new IllegalStateException("the sweep's maximum is not known yet: discover it first");
        }
        return percentOfMax.stream().map(percent -> percent / 100 * maxRate).toList();
    }
}
