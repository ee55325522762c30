package io.brokerbench.workload;

import io.brokerbench.yaml.FieldException;
import java.util.List;

/**
 * The workload's {@code sweep:} section: the latency–throughput curve in one command. Each step is
 * a run of the workload (its own topics, warm-up and measured phase) at one target rate, given
 * either as {@code rates} (msg/s over all producers) or as {@code percentOfMax} of {@code maxRate}.
 * Absent, every list is null and there is no sweep.
 *
 * @param rates target rates, msg/s
 * @param percentOfMax target rates as percentages of {@code maxRate}
 * @param maxRate what {@code percentOfMax} is a percentage of; required with it for now (a
 *     discovered maximum will supply it when absent, see {@link #maximum()})
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
            if (maxRate == null) {
                throw new FieldException("maxRate", null,
                        "'percentOfMax' needs 'maxRate' (the rate 100 % stands for, msg/s)");
            }
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

    /**
     * The rate {@code percentOfMax} is a percentage of. The one place a discovered maximum plugs in:
     * today it is the workload's {@code maxRate}; once max-rate discovery exists, an absent
     * {@code maxRate} will be found by it here.
     */
    public double maximum() {
        return maxRate;
    }

    /** The steps' target rates, msg/s over all producers, in the order given. */
    public List<Double> targetRates() {
        if (rates != null) {
            return rates;
        }
        double maximum = maximum();
        return percentOfMax.stream().map(percent -> percent / 100 * maximum).toList();
    }
}
