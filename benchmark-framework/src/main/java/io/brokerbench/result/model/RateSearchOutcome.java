package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerbench.capacity.SearchObjectives;
import java.util.List;

/**
 * The max-rate search ({@code "rateSearch"}): the rate found, its bounds, and each window with the
 * search's next move. {@code upperBound} and {@code relativeUncertainty} are null when no rate
 * failed; {@code complete} false when the run was stopped during the search.
 */
public record RateSearchOutcome(
        double sustainableRate,
        Double upperBound,
        Double relativeUncertainty,
        boolean converged,
        int windows,
        boolean complete,
        @JsonInclude(JsonInclude.Include.NON_NULL) String boundBy,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double probedRate,
        List<Step> steps,
        @JsonInclude(JsonInclude.Include.NON_NULL) SearchObjectives objectives) {

    /** One search window: what it asked for, what it measured, whether the rate held, what came next. */
    public record Step(
            double targetRate,
            double publishRate,
            double consumeRate,
            long backlogGrowth,
            long backlogAtEnd,
            double seconds,
            Double endToEndLatencyFromIntended99pct,
            Double endToEndLatencyFromIntended999pct,
            Double publishLatencyFromIntended99pct,
            long failedSends,
            boolean held,
            String next) {
    }
}
