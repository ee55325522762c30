package io.brokerbench.report.html;

import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.report.html.RunResult.Interval;
import io.brokerbench.result.model.IntervalOutcome.BrokerUsage;
import io.brokerbench.result.model.IntervalOutcome.LoadGeneratorUsage;
import io.brokerbench.result.model.IntervalOutcome;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What the machines and clients did, interval by interval, under a run's latency charts: the load
 * generators' CPU, heap, GC pauses and threads and the local broker's CPU and memory; then one chart
 * per client library metric and per driver statistic. Parts a result does not hold (OMB's files,
 * runs with {@code --no-metrics}) are left out.
 */
final class MetricCharts {

    private static final double MIB = 1024.0 * 1024;

    private final RunResult run;
    private final Axis time;
    private final List<String> workers;

    MetricCharts(RunResult run, Axis time) {
        this.run = run;
        this.time = time;
        Set<String> ids = new LinkedHashSet<>();
        for (Interval interval : run.intervals()) {
            loadGenerators(interval).forEach(usage -> ids.add(usage.worker()));
        }
        this.workers = List.copyOf(ids);
    }

    String html() {
        StringBuilder out = new StringBuilder();
        boolean broker = run.intervals().stream().anyMatch(i -> brokerOf(i) != null);
        if (!workers.isEmpty() || broker) {
            out.append("<h3>Load generator").append(broker ? " and broker" : "").append("</h3>\n<div class=\"charts\">\n");
            out.append(cpuChart(broker).html());
            if (!workers.isEmpty()) {
                out.append(heapChart().html());
                out.append(perWorkerChart("GC pauses per interval", "pause time (ms)", LoadGeneratorUsage::gcPauseMillis).html());
                out.append(perWorkerChart("Load generator threads", "threads", LoadGeneratorUsage::threads).html());
            }
            if (broker) {
                out.append(brokerMemoryChart().html());
            }
            out.append("</div>\n");
        }
        namedCharts(out, IntervalOutcome::clientMetrics, "Client library metrics",
                "As the client library counts them; rates are per second over each interval, summed over clients.");
        namedCharts(out, IntervalOutcome::driverStats, "Driver statistics",
                "What the driver recorded through its BookKeeper StatsLogger, summed over workers.");
        return out.toString();
    }

    private LineChart cpuChart(boolean broker) {
        List<Series> series = new ArrayList<>();
        for (int w = 0; w < workers.size(); w++) {
            series.add(workerSeries(w, "", LoadGeneratorUsage::cpuCores, 1, false));
        }
        if (broker) {
            series.add(Curves.overTime(run, "local broker", Palette.BROKER, true,
                    i -> brokerOf(i) == null ? Double.NaN : brokerOf(i).cpuCores()));
        }
        return chart("CPU", "CPU (cores)", series);
    }

    private LineChart heapChart() {
        List<Series> series = new ArrayList<>();
        for (int w = 0; w < workers.size(); w++) {
            series.add(workerSeries(w, "heap used", LoadGeneratorUsage::heapUsedBytes, MIB, false));
            series.add(workerSeries(w, "heap committed", LoadGeneratorUsage::heapCommittedBytes, MIB, true));
        }
        return chart("Load generator heap", "MiB", series);
    }

    private LineChart perWorkerChart(String title, String unit, ToDoubleFunction<LoadGeneratorUsage> field) {
        List<Series> series = new ArrayList<>();
        for (int w = 0; w < workers.size(); w++) {
            series.add(workerSeries(w, "", field, 1, false));
        }
        return chart(title, unit, series);
    }

    private LineChart brokerMemoryChart() {
        return chart("Broker resident memory", "MiB", List.of(Curves.overTime(run, "local broker (RSS)", Palette.BROKER,
                false, i -> brokerOf(i) == null || brokerOf(i).residentBytes() == null ? Double.NaN
                        : brokerOf(i).residentBytes() / MIB)));
    }

    /** One worker's {@code field}, divided by {@code scale}; labelled by what it is, and by worker when there are several. */
    private Series workerSeries(int w, String what, ToDoubleFunction<LoadGeneratorUsage> field, double scale, boolean dashed) {
        String worker = workers.get(w);
        String who = workers.size() == 1 ? "load generator" : worker;
        String label = what.isEmpty() ? who : workers.size() == 1 ? what : what + ", " + worker;
        return Curves.overTime(run, label, Palette.run(w), dashed, i -> {
            LoadGeneratorUsage usage = usageOf(i, worker);
            return usage == null ? Double.NaN : field.applyAsDouble(usage) / scale;
        });
    }

    private static List<LoadGeneratorUsage> loadGenerators(Interval interval) {
        return interval.outcome() == null || interval.outcome().loadGenerators() == null ? List.of()
                : interval.outcome().loadGenerators();
    }

    private static BrokerUsage brokerOf(Interval interval) {
        return interval.outcome() == null ? null : interval.outcome().broker();
    }

    private static LoadGeneratorUsage usageOf(Interval interval, String worker) {
        return loadGenerators(interval).stream().filter(usage -> worker.equals(usage.worker())).findFirst().orElse(null);
    }

    /** One chart per name found in {@code field} of any interval, in name order, in a collapsible block. */
    private void namedCharts(StringBuilder out, Function<IntervalOutcome, Map<String, Double>> field, String title, String note) {
        Function<Interval, Map<String, Double>> valuesOf = i -> i.outcome() == null || field.apply(i.outcome()) == null
                ? Map.of() : field.apply(i.outcome());
        Set<String> names = new TreeSet<>();
        for (Interval interval : run.intervals()) {
            names.addAll(valuesOf.apply(interval).keySet());
        }
        if (names.isEmpty()) {
            return;
        }
        out.append("<details class=\"details\" open><summary>").append(Html.escape(title)).append(" (").append(names.size())
                .append(")</summary>\n<div class=\"note\">").append(Html.escape(note)).append("</div>\n<div class=\"charts\">\n");
        for (String name : names) {
            ToDoubleFunction<Interval> value = i -> valuesOf.apply(i).getOrDefault(name, Double.NaN);
            out.append(chart(name, unitOf(name), List.of(Curves.overTime(run, name, Palette.PUBLISH, false, value))).html());
        }
        out.append("</div></details>\n");
    }

    /** Names say what they count: client libraries' "-rate", the driver stats' "PerSecond". */
    private static String unitOf(String name) {
        return name.endsWith("rate") || name.endsWith("PerSecond") ? "per second" : "value";
    }

    private LineChart chart(String title, String unit, List<Series> series) {
        return new LineChart(title, time, LineChart.yFromZero(series, unit), series, Curves.phaseBands(run), null);
    }

}
