package io.brokerbench.compare;

import java.util.List;

/**
 * One figure of a comparison: both sides' values (in {@code unit}), each run's own value (the
 * spread the verdict was judged against), the relative difference with its interval, and the
 * verdict: {@code better}, {@code worse}, {@code no difference measurable}, or why there is none.
 */
public record ComparedFigure(String figure, String unit, boolean higherIsBetter, double baseline, double candidate,
        List<Double> baselineRuns, List<Double> candidateRuns, DifferenceInterval difference, String verdict) {

    public static final String BETTER = "better";
    public static final String WORSE = "worse";
    public static final String NO_DIFFERENCE = "no difference measurable";

    static ComparedFigure judged(String figure, String unit, boolean higherIsBetter, double baseline, double candidate,
            List<Double> baselineRuns, List<Double> candidateRuns, DifferenceInterval difference) {
        String verdict;
        if (!difference.hasInterval()) {
            verdict = "no verdict: " + difference.method();
        } else if (difference.sign() == 0) {
            verdict = NO_DIFFERENCE;
        } else {
            verdict = (difference.sign() > 0) == higherIsBetter ? BETTER : WORSE;
        }
        return new ComparedFigure(figure, unit, higherIsBetter, baseline, candidate, List.copyOf(baselineRuns),
                List.copyOf(candidateRuns), difference, verdict);
    }
}
