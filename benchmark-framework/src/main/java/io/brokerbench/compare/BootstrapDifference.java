package io.brokerbench.compare;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The difference of a latency percentile between two sides, each side's percentile taken from its
 * runs' histograms merged (never an average of the runs' percentiles), with a 95 % percentile
 * bootstrap interval: runs are drawn with replacement on each side, merged again, and the relative
 * difference recomputed. Resampling whole runs keeps the run-to-run spread in the interval; with few
 * runs a side the bootstrap can only see that many distinct merges, and the interval comes out too
 * narrow rather than too wide: more runs, not more resamples, make it honest.
 */
final class BootstrapDifference {

    private static final int RESAMPLES = 2000;
    private static final double CONFIDENCE = 0.95;

    private BootstrapDifference() {
    }

    /**
     * @param statistic the percentile (or other figure) of a merged histogram, in its unit
     * @param seed fixed, so that the same files give the same interval
     */
    static DifferenceInterval of(List<Histogram> baseline, List<Histogram> candidate, ToDoubleFunction<Histogram> statistic,
            long seed) {
        double a = statistic.applyAsDouble(merge(baseline));
        double b = statistic.applyAsDouble(merge(candidate));
        double relative = (b - a) / a;
        if (baseline.size() < 2 || candidate.size() < 2) {
            return new DifferenceInterval(relative, Double.NaN, Double.NaN, "one run on a side: no interval");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] differences = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            double resampledA = statistic.applyAsDouble(resample(baseline, random));
            double resampledB = statistic.applyAsDouble(resample(candidate, random));
            differences[i] = (resampledB - resampledA) / resampledA;
        }
        Arrays.sort(differences);
        double tail = (1 - CONFIDENCE) / 2;
        return new DifferenceInterval(relative, differences[(int) Math.floor(tail * (RESAMPLES - 1))],
                differences[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))],
                "bootstrap over runs of merged histograms (" + RESAMPLES + " resamples)");
    }

    static Histogram merge(List<Histogram> runs) {
        Histogram merged = runs.get(0).copy();
        for (int i = 1; i < runs.size(); i++) {
            merged.add(runs.get(i));
        }
        return merged;
    }

    private static Histogram resample(List<Histogram> runs, SplittableRandom random) {
        Histogram merged = runs.get(random.nextInt(runs.size())).copy();
        for (int i = 1; i < runs.size(); i++) {
            merged.add(runs.get(random.nextInt(runs.size())));
        }
        return merged;
    }
}
