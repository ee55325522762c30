package io.brokerbench.report.html;

import io.brokerbench.report.html.LineChart.Series;
import io.brokerbench.report.html.RunResult.Interval;
import io.brokerbench.result.model.IntervalOutcome.BrokerUsage;
import io.brokerbench.result.model.IntervalOutcome.LoadGeneratorUsage;
import io.brokerbench.result.model.IntervalOutcome.NodeUsage;
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
            series.addAll(brokerSeries("local broker", usage -> usage.cpuCores(), node -> node.cpuCores(), 1, true));
        }
        return chart("CPU", "CPU (cores)", series);
    }

    /**
     * The local broker's {@code total} as one line, or for a cluster one line per node (named as the
     * result names them), each divided by {@code scale}; a node missing from an interval (down) leaves a gap.
     */
    private List<Series> brokerSeries(String label, ToDoubleFunction<BrokerUsage> total, Function<NodeUsage, Number> perNode,
            double scale, boolean dashed) {
        Set<String> nodes = new LinkedHashSet<>();
        run.intervals().forEach(i -> {
            if (brokerOf(i) != null && brokerOf(i).nodes() != null) {
                brokerOf(i).nodes().forEach(node -> nodes.add(node.node()));
            }
        });
        if (nodes.isEmpty()) {
            return List.of(Curves.overTime(run, label, Palette.BROKER, dashed,
                    i -> brokerOf(i) == null ? Double.NaN : total.applyAsDouble(brokerOf(i)) / scale));
        }
        List<Series> series = new ArrayList<>();
        int k = workers.size();
        for (String name : nodes) {
            series.add(Curves.overTime(run, name, Palette.run(k++), dashed, i -> {
                NodeUsage node = brokerOf(i) == null || brokerOf(i).nodes() == null ? null : brokerOf(i).nodes().stream()
                        .filter(n -> n.node().equals(name)).findFirst().orElse(null);
                Number value = node == null ? null : perNode.apply(node);
                return value == null ? Double.NaN : value.doubleValue() / scale;
            }));
        }
        return series;
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
        return chart("Broker resident memory", "MiB", brokerSeries("local broker (RSS)",
                usage -> usage.residentBytes() == null ? Double.NaN : usage.residentBytes(), NodeUsage::residentBytes, MIB, false));
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
