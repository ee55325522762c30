package io.brokerbench.result;

import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.RateSearchOutcome;
import io.brokerbench.result.model.SweepDocument;
import java.util.Optional;

/**
 * What a {@code percentOfMax} sweep took as 100 %: the workload's {@code maxRate}, or the sustainable
 * rate a max-rate search run found, with the bounds the search left it between.
 *
 * @param rate                 msg/s over all producers
 * @param discovered           found by a search run rather than given as {@code maxRate}
 * @param upperBound           the lowest rate the search saw fail; NaN when given, or when no tried rate failed
 * @param relativeUncertainty  half the gap between the bounds, relative to the rate; NaN as {@code upperBound}
 * @param converged            whether the search converged (true when given)
 * @param file                 the search run's result file; null when given
 */
public record SweepMaximum(double rate, boolean discovered, double upperBound, double relativeUncertainty,
        boolean converged, String file) {

    public static SweepMaximum given(double rate) {
        return new SweepMaximum(rate, false, Double.NaN, Double.NaN, true, null);
    }

    /**
     * From the {@code rateSearch} section of a complete search run's result document; empty when the
     * run did not complete, or found no rate (it then says why in its {@code incompleteReason}).
     */
    public static Optional<SweepMaximum> discoveredIn(String file, BenchmarkResult result) {
        RateSearchOutcome search = result.rateSearch();
        if (!result.completed() || search == null || !(search.sustainableRate() > 0)) {
            return Optional.empty();
        }
        return Optional.of(new SweepMaximum(search.sustainableRate(), true,
                search.upperBound() == null ? Double.NaN : search.upperBound(),
                search.relativeUncertainty() == null ? Double.NaN : search.relativeUncertainty(), search.converged(), file));
    }

    /** As the sweep's result file gives it: the search's bounds only when a search found the rate. */
    SweepDocument.Maximum entry() {
        return new SweepDocument.Maximum(rate, discovered, discovered ? new SweepDocument.Search(finiteOrNull(upperBound),
                finiteOrNull(relativeUncertainty), converged, file) : null);
    }

    private static Double finiteOrNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
