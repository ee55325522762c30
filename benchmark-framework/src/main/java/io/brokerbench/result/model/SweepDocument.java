package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A rate sweep's result file ({@code …-sweep.json}): what 100 % stood for (a sweep of percentages),
 * per step its rates, mean latencies and verdict, where each objective was first broken, and the
 * knee. Each step's own result files stay beside it.
 */
public record SweepDocument(
        String schema,
        String workload,
        String driver,
        long messageSize,
        String latencyUnits,
        @JsonInclude(JsonInclude.Include.NON_NULL) Maximum maximum,
        List<Step> steps,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<ObjectiveMark> objectives,
        Knee knee) {

    /** The identifier in {@link #schema} of files written by this version. */
    public static final String SCHEMA = "brokerbench-sweep/1";

    /**
     * What 100 % was: the workload's {@code maxRate} ({@code discovered} false), or the rate a max-rate
     * search found, with its bounds (present only then).
     */
    public record Maximum(double rate, boolean discovered, @JsonUnwrapped Search search) {
    }

    /** The search run's bounds: {@code upperBound} and {@code relativeUncertainty} null when no tried rate failed. */
    public record Search(Double upperBound, Double relativeUncertainty, boolean converged, String file) {
    }

    /**
     * One step: its target, what its runs achieved (the mean over its complete runs; null where one of
     * them lacks a figure), its verdict, the delivery of a step run once (without the per-subscription
     * detail, which stays in its own file), every metric's mean latencies and, run several times, the
     * spread over its runs.
     */
    public record Step(
            String file,
            double targetRate,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double percentOfMax,
            Double publishRate,
            Double consumeRate,
            Double publishMBps,
            Double consumeMBps,
            boolean complete,
            boolean deliveredCleanly,
            boolean sentDeliveredCleanly,
            @JsonInclude(JsonInclude.Include.NON_NULL) MessageTotals delivery,
            MetricLatencies latency,
            @JsonInclude(JsonInclude.Include.NON_NULL) RepeatSpread repeats) {
    }

    /**
     * One objective along the curve: its limit, and the first step that broke it (null: met at every
     * step) with what was measured there; a latency objective names its metric and percentile.
     */
    public record ObjectiveMark(
            String objective,
            double limit,
            String unit,
            @JsonInclude(JsonInclude.Include.NON_NULL) String metric,
            @JsonInclude(JsonInclude.Include.NON_NULL) String percentile,
            Integer firstBrokenStep,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double targetRate,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double publishRate,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double measured) {
    }

    /** The knee and the rule that found it; {@code step} null (and nothing else) when no step qualified. */
    public record Knee(
            String rule,
            Integer step,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double targetRate,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double publishRate,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double endToEndLatency99pct) {
    }
}
