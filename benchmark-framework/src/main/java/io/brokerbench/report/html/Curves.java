package io.brokerbench.report.html;

import io.brokerbench.report.html.LineChart.Band;
import io.brokerbench.report.html.LineChart.Point;
import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.report.html.RunResult.Interval;
import io.brokerbench.stats.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/** Turns a result's intervals and quantile maps into chart series. */
final class Curves {

    private Curves() {
    }

    /** Every interval (warm-up and other phases muted), x in seconds since the load started. */
    static Series overTime(RunResult run, String label, String colour, boolean dashed, ToDoubleFunction<Interval> value) {
        List<Point> points = new ArrayList<>();
        for (Interval interval : run.intervals()) {
            points.add(new Point(interval.x(), value.applyAsDouble(interval), !interval.measured()));
        }
        return new Series(label, colour, dashed, points);
    }

    /** Measured intervals only, x in seconds since the measurement started, so runs with different warm-ups line up. */
    static Series measuredOverTime(RunResult run, String label, String colour, ToDoubleFunction<Interval> value) {
        double start = measurementStart(run);
        List<Point> points = new ArrayList<>();
        for (Interval interval : run.intervals()) {
            if (interval.measured()) {
                points.add(new Point(interval.x() - start, value.applyAsDouble(interval), false));
            }
        }
        return new Series(label, colour, false, points);
    }

    /** Where the first measured interval began: the end of the interval before it (0 when it is the first). */
    private static double measurementStart(RunResult run) {
        double previousEnd = 0;
        for (Interval interval : run.intervals()) {
            if (interval.measured()) {
                return run.timed() ? previousEnd : 0;
            }
            previousEnd = interval.x();
        }
        return 0;
    }

    /** Shaded ranges for the stretches of intervals outside the measured phase, labelled with the phase. */
    static List<Band> phaseBands(RunResult run) {
        List<Band> bands = new ArrayList<>();
        double previousEnd = 0;
        Band open = null;
        for (Interval interval : run.intervals()) {
            if (!interval.measured()) {
                if (open != null && open.label().equals(interval.phase())) {
                    open = new Band(open.from(), interval.x(), open.label());
                } else {
                    if (open != null) {
                        bands.add(open);
                    }
                    open = new Band(previousEnd, interval.x(), interval.phase());
                }
            } else if (open != null) {
                bands.add(open);
                open = null;
            }
            previousEnd = interval.x();
        }
        if (open != null) {
            bands.add(open);
        }
        return bands;
    }

    /** The aggregated percentile curve in the metric's result unit; empty when the file has no quantile map for it. */
    static Series distribution(RunResult run, Metric metric, String label, String colour, boolean dashed) {
        List<Point> points = new ArrayList<>();
        for (Map.Entry<Double, Double> entry : run.quantiles(metric).entrySet()) {
            points.add(new Point(entry.getKey(), entry.getValue(), false));
        }
        return new Series(label, colour, dashed, points);
    }

    /** The highest percentile level below 100 any of the runs' curves reaches, for the width of a nines axis. */
    static double highestLevelBelowMax(List<RunResult> runs, Metric... metrics) {
        double highest = 99;
        for (RunResult run : runs) {
            for (Metric metric : metrics) {
                TreeMap<Double, Double> curve = run.quantiles(metric);
                Double below = curve.lowerKey(100.0);
                if (below != null) {
                    highest = Math.max(highest, below);
                }
            }
        }
        return highest;
    }

    static boolean hasPoints(Series series) {
        return series.points().stream().anyMatch(p -> Double.isFinite(p.y()));
    }
}
