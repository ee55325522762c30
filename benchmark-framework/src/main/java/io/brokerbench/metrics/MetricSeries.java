package io.brokerbench.metrics;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.metrics.MetricValue.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The coordinator's side: one {@link IntervalMetrics} per reporting interval, from the workers'
 * snapshots and the local broker's process. Snapshots carry totals (CPU seconds, collections,
 * counts); an interval shows how much they grew since the previous interval ended, per second
 * where it is a rate. The first snapshot of each worker (taken as the load starts) is the baseline.
 * It counts the CPU time its own work takes (the coordinator's part of recording the metrics).
 */
public final class MetricSeries {

    private final Map<String, Observed> workers = new LinkedHashMap<>();
    private final List<IntervalMetrics> intervals = new ArrayList<>();
    private final Map<String, ProcessUsageReader> brokerNodes = new LinkedHashMap<>();
    private Map<String, ProcessUsageReader.Usage> brokerAtLastClose = Map.of();
    private long cpuNanos;

    /** Samples the local broker's nodes at every interval from the load's start on. */
    public synchronized void watchBroker(List<BrokerNode> nodes) {
        brokerNodes.clear();
        nodes.forEach(node -> brokerNodes.put(node.name(), new ProcessUsageReader(node.process())));
    }

    /** Takes a worker's latest snapshot; the next interval to close ends with it. */
    public synchronized void observe(String workerId, WorkerSnapshot snapshot) {
        long start = CpuTime.currentThreadNanos();
        if (workers.isEmpty()) {
            brokerAtLastClose = readBroker();
        }
        workers.computeIfAbsent(workerId, id -> new Observed(snapshot)).latest = snapshot;
        cpuNanos += CpuTime.currentThreadNanos() - start;
    }

    /** Ends an interval of {@code seconds} with the snapshots observed last. */
    public synchronized void closeInterval(double seconds) {
        long start = CpuTime.currentThreadNanos();
        double perSecond = 1 / Math.max(seconds, 1e-9);
        List<LoadGeneratorUsage> loadGenerators = new ArrayList<>();
        MetricTally client = new MetricTally();
        MetricTally driver = new MetricTally();
        workers.forEach((id, observed) -> {
            WorkerSample now = observed.latest.sample();
            WorkerSample before = observed.atLastClose.sample();
            if (now.recorded()) {
                loadGenerators.add(new LoadGeneratorUsage(id,
                        (observed.latest.processCpuSecondsTotal() - observed.atLastClose.processCpuSecondsTotal()) * perSecond,
                        now.jvm().heapUsedBytes(), now.jvm().heapCommittedBytes(),
                        now.jvm().gcPauses() - before.jvm().gcPauses(),
                        now.jvm().gcPauseMillis() - before.jvm().gcPauseMillis(), now.jvm().threads()));
                addGrowth(client, now.clientMetrics(), before.clientMetrics());
                addGrowth(driver, now.driverStats(), before.driverStats());
            }
            observed.atLastClose = observed.latest;
        });
        intervals.add(new IntervalMetrics(loadGenerators, shown(client, perSecond), shown(driver, perSecond),
                brokerUsage(perSecond)));
        cpuNanos += CpuTime.currentThreadNanos() - start;
    }

    /** CPU time this series has taken so far, over all the threads that fed it. */
    public synchronized double cpuSecondsTotal() {
        return cpuNanos / 1e9;
    }

    /** Running totals enter as what they gained since the interval began; the rest as they are. */
    private static void addGrowth(MetricTally tally, Map<String, MetricValue> now, Map<String, MetricValue> before) {
        now.forEach((name, value) -> {
            if (value.kind() == Kind.PER_SECOND) {
                MetricValue earlier = before.get(name);
                double start = earlier == null || earlier.kind() != Kind.PER_SECOND ? 0 : earlier.value();
                tally.add(name, MetricValue.of(Kind.PER_SECOND, value.value() - start));
            } else {
                tally.add(name, value);
            }
        });
    }

    private static Map<String, Double> shown(MetricTally tally, double perSecond) {
        Map<String, Double> shown = new TreeMap<>();
        tally.values().forEach((name, value) ->
                shown.put(name, value.kind() == Kind.PER_SECOND ? value.value() * perSecond : value.value()));
        return shown;
    }

    /**
     * Every node's usage over the interval; empty without a broker, or when no node ran through it. A
     * node that has exited (killed by a fault, say) is left out of the interval rather than counted as idle.
     */
    private Optional<BrokerUsage> brokerUsage(double perSecond) {
        Map<String, ProcessUsageReader.Usage> now = readBroker();
        Map<String, ProcessUsageReader.Usage> before = brokerAtLastClose;
        brokerAtLastClose = now;
        List<BrokerUsage.NodeUsage> nodes = new ArrayList<>();
        now.forEach((node, usage) -> {
            ProcessUsageReader.Usage earlier = before.get(node);
            if (earlier != null) {
                nodes.add(new BrokerUsage.NodeUsage(node, (usage.cpuSeconds() - earlier.cpuSeconds()) * perSecond,
                        usage.residentBytes()));
            }
        });
        return nodes.isEmpty() ? Optional.empty() : Optional.of(BrokerUsage.of(nodes));
    }

    /** Each running node's usage now, by node name. */
    private Map<String, ProcessUsageReader.Usage> readBroker() {
        Map<String, ProcessUsageReader.Usage> usage = new LinkedHashMap<>();
        brokerNodes.forEach((node, reader) -> reader.read().ifPresent(read -> usage.put(node, read)));
        return usage;
    }

    /** One entry per interval closed so far, in order. */
    public synchronized List<IntervalMetrics> intervals() {
        return Collections.unmodifiableList(new ArrayList<>(intervals));
    }

    /** A worker's latest snapshot, and the one the current interval started from. */
    private static final class Observed {
        WorkerSnapshot atLastClose;
        WorkerSnapshot latest;

        Observed(WorkerSnapshot first) {
            this.atLastClose = first;
            this.latest = first;
        }
    }
}
