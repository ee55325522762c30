package io.brokerbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    public static Optional<SweepMaximum> discoveredIn(String file, JsonNode result) {
        JsonNode search = result.path("rateSearch");
        if (!result.path("complete").asBoolean(false) || !(search.path("sustainableRate").asDouble() > 0)) {
            return Optional.empty();
        }
        return Optional.of(new SweepMaximum(search.path("sustainableRate").asDouble(), true,
                search.path("upperBound").asDouble(Double.NaN), search.path("relativeUncertainty").asDouble(Double.NaN),
                search.path("converged").asBoolean(), file));
    }

    void writeTo(ObjectNode node) {
        node.put("rate", rate);
        node.put("discovered", discovered);
        if (!discovered) {
            return;
        }
        SweepResult.putNumber(node, "upperBound", upperBound);
        SweepResult.putNumber(node, "relativeUncertainty", relativeUncertainty);
        node.put("converged", converged);
        node.put("file", file);
    }
}
