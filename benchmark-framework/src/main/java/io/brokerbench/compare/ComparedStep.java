package io.brokerbench.compare;

import io.brokerbench.config.ConfigException;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.model.RepeatSpread;
import io.brokerbench.result.model.SweepDocument;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What {@code bin/compare} compares: two sweeps step by step, each step its own comparison named by
 * the step ("10,000 msg/s", or "50 % of max" when both sweeps ran percentages of a maximum, whose
 * rates may differ), or any other two sides as one comparison with no step name.
 */
public record ComparedStep(String step, Comparison comparison) {

    /**
     * Reads both sides and compares them; two sweeps must have the same steps.
     *
     * @throws ConfigException one line: the sweeps' steps differ, one side is a sweep and the other not, bad input
     */
    public static List<ComparedStep> of(Path baseline, Path candidate, boolean allowDifferentWorkloads) {
        boolean sweeps = ComparedSide.schema(baseline).equals(SweepDocument.SCHEMA)
                && ComparedSide.schema(candidate).equals(SweepDocument.SCHEMA);
        if (!sweeps) {
            return List.of(new ComparedStep(null, Comparison.of(baseline, candidate, allowDifferentWorkloads)));
        }
        SweepDocument a = ResultReader.readDocument(baseline, SweepDocument.class);
        SweepDocument b = ResultReader.readDocument(candidate, SweepDocument.class);
        for (SweepDocument sweep : List.of(a, b)) {
            if (sweep.steps() == null || sweep.steps().isEmpty()) {
                throw ConfigException.file(sweep == a ? baseline : candidate, "a sweep without steps: nothing to compare");
            }
        }
        // percentages of a maximum each sweep found for itself line up by percentage, not by rate
        boolean byPercent = a.steps().stream().allMatch(s -> s.percentOfMax() != null)
                && b.steps().stream().allMatch(s -> s.percentOfMax() != null);
        List<String> stepsA = a.steps().stream().map(s -> name(s, byPercent)).toList();
        List<String> stepsB = b.steps().stream().map(s -> name(s, byPercent)).toList();
        if (!Objects.equals(stepsA, stepsB)) {
            throw new ConfigException("the sweeps' steps differ (" + baseline + ": " + String.join(", ", stepsA) + "; "
                    + candidate + ": " + String.join(", ", stepsB) + "): compare sweeps of the same steps, or one step's runs");
        }
        List<ComparedStep> steps = new ArrayList<>();
        for (int i = 0; i < stepsA.size(); i++) {
            steps.add(new ComparedStep(stepsA.get(i), Comparison.of(side("baseline", baseline, a.steps().get(i)),
                    side("candidate", candidate, b.steps().get(i)), allowDifferentWorkloads)));
        }
        return steps;
    }

    private static String name(SweepDocument.Step step, boolean byPercent) {
        return byPercent ? BigDecimal.valueOf(step.percentOfMax()).stripTrailingZeros().toPlainString() + " % of max"
                : String.format(Locale.ROOT, "%,.0f msg/s", step.targetRate());
    }

    /** A step's runs: each of its repeats, or its one result file, beside the sweep's file. */
    private static ComparedSide side(String name, Path sweep, SweepDocument.Step step) {
        List<String> files = step.repeats() == null ? List.of(step.file())
                : step.repeats().runs().stream().map(RepeatSpread.Run::file).toList();
        return ComparedSide.of(name, sweep, files.stream().map(sweep::resolveSibling).toList());
    }
}
