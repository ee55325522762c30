package io.brokerbench.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One entry of a workload's {@code phases}: a stretch of the measured phase at one rate, or a ramp
 * from one rate to another in steps. Each phase is reported on its own.
 *
 * @param name default: the rate or the ramp, e.g. "20,000 msg/s" or "10,000 to 50,000 msg/s"
 * @param durationSeconds how long the phase lasts
 * @param rate messages per second over all producers, for a phase at one rate
 * @param fromRate the first step's rate, for a ramp
 * @param toRate the last step's rate, for a ramp
 * @param stepSeconds how long each step of a ramp lasts (the last may be shorter); default 1
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RatePhase(
        String name,
        @JsonProperty(required = true) @Range(min = 1) int durationSeconds,
        Double rate,
        Double fromRate,
        Double toRate,
        @Range(min = 1) Integer stepSeconds) {

    /** A stretch of a phase at one rate. */
    public record Step(int seconds, double rate) {
    }

    public RatePhase {
        boolean ramp = fromRate != null || toRate != null;
        if (rate != null && ramp) {
            throw new FieldException("rate", rate, "give either 'rate' or 'fromRate' and 'toRate', not both");
        }
        if (rate == null && (fromRate == null || toRate == null)) {
            throw FieldException.wholeValue("a phase needs 'rate', or 'fromRate' and 'toRate'");
        }
        positive("rate", rate);
        positive("fromRate", fromRate);
        positive("toRate", toRate);
        if (stepSeconds != null && !ramp) {
            throw new FieldException("stepSeconds", stepSeconds, "only for a ramp ('fromRate' and 'toRate')");
        }
        if (ramp && stepSeconds == null) {
            stepSeconds = 1;
        }
        if (name == null) {
            name = rate != null ? rate(rate) : rate(fromRate).replace(" msg/s", "") + " to " + rate(toRate);
        }
    }

    /** A phase at one rate. */
    public static RatePhase constant(String name, int seconds, double rate) {
        return new RatePhase(name, seconds, rate, null, null, null);
    }

    /** The phase's rates in order: one step, or a ramp's steps spaced evenly from its first rate to its last. */
    public List<Step> steps() {
        if (rate != null) {
            return List.of(new Step(durationSeconds, rate));
        }
        int count = (durationSeconds + stepSeconds - 1) / stepSeconds;
        List<Step> steps = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double stepRate = count == 1 ? fromRate : fromRate + (toRate - fromRate) * i / (count - 1);
            steps.add(new Step(Math.min(stepSeconds, durationSeconds - i * stepSeconds), stepRate));
        }
        return steps;
    }

    private static void positive(String field, Double value) {
        if (value != null && !(value > 0)) {
            throw new FieldException(field, value, "a phase's rate must be above 0");
        }
    }

    private static String rate(double messagesPerSecond) {
        return String.format(Locale.ROOT, "%,.0f msg/s", messagesPerSecond);
    }
}
