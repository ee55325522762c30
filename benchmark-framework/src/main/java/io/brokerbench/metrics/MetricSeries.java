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
import java.util.function.Supplier;

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
    private Supplier<List<BrokerNode>> brokerNodes = List::of;
    private Map<String, NodeReading> brokerAtLastClose = Map.of();
    private long cpuNanos;

    /**
     * Samples the local broker's nodes at every interval from the load's start on; {@code nodes} is
     * asked at each interval, so a node a fault restarted is followed to its new process.
     */
    public synchronized void watchBroker(Supplier<List<BrokerNode>> nodes) {
        brokerNodes = nodes;
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
     * node that is down at the interval's end (killed by a fault, say) is left out of it rather than
     * counted as idle. A node running as a new process (a fault restarted it) counts all of that
     * process's CPU: it started after the old one's last reading. What the old process spent between
     * its last reading and its end cannot be read any more, and is not counted.
     */
    private Optional<BrokerUsage> brokerUsage(double perSecond) {
        Map<String, NodeReading> now = readBroker();
        Map<String, NodeReading> before = brokerAtLastClose;
        // a node down now keeps its last reading, so that its restart is measured from there
        Map<String, NodeReading> kept = new LinkedHashMap<>(before);
        kept.putAll(now);
        brokerAtLastClose = kept;
        List<BrokerUsage.NodeUsage> nodes = new ArrayList<>();
        now.forEach((node, reading) -> {
            NodeReading earlier = before.get(node);
            if (earlier != null) {
                double cpuSeconds = reading.pid() == earlier.pid()
                        ? reading.usage().cpuSeconds() - earlier.usage().cpuSeconds()
                        : reading.usage().cpuSeconds();
                nodes.add(new BrokerUsage.NodeUsage(node, cpuSeconds * perSecond, reading.usage().residentBytes()));
            }
        });
        return nodes.isEmpty() ? Optional.empty() : Optional.of(BrokerUsage.of(nodes));
    }

    /** Each running node's usage now, by node name, with the process it was read from. */
    private Map<String, NodeReading> readBroker() {
        Map<String, NodeReading> readings = new LinkedHashMap<>();
        for (BrokerNode node : brokerNodes.get()) {
            new ProcessUsageReader(node.process()).read()
                    .ifPresent(usage -> readings.put(node.name(), new NodeReading(node.process().pid(), usage)));
        }
        return readings;
    }

    /** A node's usage as read from its process {@code pid}. */
    private record NodeReading(long pid, ProcessUsageReader.Usage usage) {
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
