package io.brokerbench.metrics;

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
    private ProcessUsageReader broker;
    private ProcessUsageReader.Usage brokerAtLastClose;
    private long cpuNanos;

    /** Samples {@code process} (the local broker) at every interval from the load's start on. */
    public synchronized void watchBroker(ProcessHandle process) {
        this.broker = new ProcessUsageReader(process);
    }

    /** Takes a worker's latest snapshot; the next interval to close ends with it. */
    public synchronized void observe(String workerId, WorkerSnapshot snapshot) {
        long start = CpuTime.currentThreadNanos();
        if (workers.isEmpty() && broker != null) {
            brokerAtLastClose = broker.read().orElse(null);
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

    private Optional<BrokerUsage> brokerUsage(double perSecond) {
        if (broker == null) {
            return Optional.empty();
        }
        ProcessUsageReader.Usage now = broker.read().orElse(null);
        ProcessUsageReader.Usage before = brokerAtLastClose;
        brokerAtLastClose = now;
        if (now == null || before == null) {
            return Optional.empty();
        }
        return Optional.of(new BrokerUsage((now.cpuSeconds() - before.cpuSeconds()) * perSecond, now.residentBytes()));
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
