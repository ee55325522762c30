package io.brokerbench.compare;

import io.brokerbench.config.ConfigException;
import io.brokerbench.result.ResultFigure;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The candidate against the baseline, figure by figure: rates and CPU per message as the mean over
 * each side's runs (Welch's t interval of the difference), latency percentiles from each side's runs'
 * histograms merged (a bootstrap interval over runs). Both sides must have run the same workload
 * unless told otherwise: a difference in what was asked would pass for a difference in the broker.
 */
public final class Comparison {

    private static final List<Percentile> PERCENTILES = List.of(Percentile.P50, Percentile.P99, Percentile.P999,
            Percentile.MAX);
    /** The latencies compared, in the order of the table and the HTML page. */
    public static final List<Metric> LATENCIES = List.of(Metric.END_TO_END, Metric.PUBLISH_LATENCY,
            Metric.END_TO_END_FROM_INTENDED, Metric.PUBLISH_LATENCY_FROM_INTENDED, Metric.PUBLISH_DELAY);

    private final ComparedSide baseline;
    private final ComparedSide candidate;
    private final List<ComparedFigure> figures;
    private final List<String> notes;

    private Comparison(ComparedSide baseline, ComparedSide candidate, List<ComparedFigure> figures, List<String> notes) {
        this.baseline = baseline;
        this.candidate = candidate;
        this.figures = figures;
        this.notes = notes;
    }

    /** Compares the runs at {@code baselinePath} with those at {@code candidatePath}. */
    public static Comparison of(Path baselinePath, Path candidatePath, boolean allowDifferentWorkloads) {
        return of(ComparedSide.read("baseline", baselinePath), ComparedSide.read("candidate", candidatePath),
                allowDifferentWorkloads);
    }

    static Comparison of(ComparedSide baseline, ComparedSide candidate, boolean allowDifferentWorkloads) {
        BenchmarkResult a = baseline.first();
        BenchmarkResult b = candidate.first();
        if (!allowDifferentWorkloads && !Objects.equals(a.workloadConfig(), b.workloadConfig())) {
            throw new ConfigException("the two sides ran different workloads (" + a.workload() + " in " + baseline.source()
                    + ", " + b.workload() + " in " + candidate.source() + "); compare them anyway with --allow-different-workloads");
        }
        List<ComparedFigure> figures = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        rate(figures, "publishRate", ResultFigure.PUBLISH_RATE, true, baseline, candidate);
        rate(figures, "consumeRate", ResultFigure.CONSUME_RATE, true, baseline, candidate);
        rate(figures, "sustainableRate", ResultFigure.SUSTAINABLE_RATE, true, baseline, candidate);
        rate(figures, "cpuMicrosPerMessage", ResultFigure.CPU_MICROS_PER_MESSAGE, false, baseline, candidate);
        rate(figures, "brokerCpuMicrosPerMessage", ResultFigure.BROKER_CPU_MICROS_PER_MESSAGE, false, baseline, candidate);
        int faults = a.faults() == null ? 0 : a.faults().size();
        for (int index = 1; index <= faults; index++) {
            // what a user asks after a failover: how long the clients were without acknowledgements, and until recovered
            rate(figures, "fault" + index + ".unavailableSeconds", ResultFigure.fault(index, "unavailableSeconds", "s",
                    FaultOutcome::unavailableSeconds), false, baseline, candidate);
            rate(figures, "fault" + index + ".recoveredAfterSeconds", ResultFigure.fault(index, "recoveredAfterSeconds", "s",
                    FaultOutcome::recoveredAfterSeconds), false, baseline, candidate);
        }
        if (baseline.histogramsKept() && candidate.histogramsKept()) {
            long seed = 1;
            for (Metric metric : LATENCIES) {
                for (Percentile percentile : PERCENTILES) {
                    latency(figures, metric, percentile, baseline, candidate, seed++);
                }
            }
        } else {
            notes.add("latency percentiles not compared: " + (baseline.histogramsKept() ? "the candidate's" : "the baseline's")
                    + " runs kept no histogram log (<result>.hlog), and averaging runs' percentiles would not be a percentile");
        }
        return new Comparison(baseline, candidate, figures, notes);
    }

    /** A per-run figure, when every run on both sides has it. */
    private static void rate(List<ComparedFigure> figures, String name, ResultFigure figure, boolean higherIsBetter,
            ComparedSide baseline, ComparedSide candidate) {
        double[] a = values(baseline, figure);
        double[] b = values(candidate, figure);
        if (a == null || b == null) {
            return;
        }
        DifferenceInterval difference = WelchDifference.of(a, b);
        figures.add(ComparedFigure.judged(name, figure.unit(), higherIsBetter, mean(a), mean(b), boxed(a), boxed(b), difference));
    }

    private static double[] values(ComparedSide side, ResultFigure figure) {
        double[] values = side.runs().stream().mapToDouble(run -> figure.of(run.result())).toArray();
        for (double value : values) {
            if (Double.isNaN(value)) {
                return null;
            }
        }
        return values;
    }

    private static List<Double> boxed(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    private static void latency(List<ComparedFigure> figures, Metric metric, Percentile percentile, ComparedSide baseline,
            ComparedSide candidate, long seed) {
        var a = baseline.runs().stream().map(run -> run.histograms().get(metric)).toList();
        var b = candidate.runs().stream().map(run -> run.histograms().get(metric)).toList();
        if (a.stream().anyMatch(h -> h.getTotalCount() == 0) || b.stream().anyMatch(h -> h.getTotalCount() == 0)) {
            return; // not measured (e.g. the end-to-end latency of messages too small for the header)
        }
        double scale = metric.resultUnit() == Metric.ResultUnit.MICROSECONDS ? 1 : 1000.0;
        DifferenceInterval difference = BootstrapDifference.of(a, b, percentile::of, seed);
        figures.add(ComparedFigure.judged(metric.resultName() + "." + label(percentile), metric.resultUnit().symbol(), false,
                percentile.of(BootstrapDifference.merge(a)) / scale, percentile.of(BootstrapDifference.merge(b)) / scale,
                a.stream().map(h -> percentile.of(h) / scale).toList(), b.stream().map(h -> percentile.of(h) / scale).toList(),
                difference));
    }

    /** p50, p99, p99.9, max: how figures are named on the command line and in the table. */
    static String label(Percentile percentile) {
        return switch (percentile) {
            case AVG -> "avg";
            case MAX -> "max";
            default -> "p" + percentile.suffix().replace("pct", "").replaceFirst("^(99)(9+)$", "$1.$2");
        };
    }

    public ComparedSide baseline() {
        return baseline;
    }

    public ComparedSide candidate() {
        return candidate;
    }

    public List<ComparedFigure> figures() {
        return figures;
    }

    /** What the comparison left out, and why. */
    public List<String> notes() {
        return notes;
    }
}
