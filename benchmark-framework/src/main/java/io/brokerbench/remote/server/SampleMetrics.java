package io.brokerbench.remote.server;

import io.brokerbench.metrics.JvmSample;
import io.brokerbench.metrics.MetricValue;
import io.brokerbench.metrics.WorkerSample;
import io.brokerbench.metrics.WorkerSnapshot;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;

/**
 * The Prometheus side of each snapshot's CPU time and {@link WorkerSample}: the load generator's
 * JVM, and the client and driver statistics as the result shows them (counts as per second over
 * the last interval). Fed with {@link WorkerMetrics}, once per snapshot.
 */
final class SampleMetrics {

    private final Counter cpu;
    private final Gauge heapUsed;
    private final Gauge heapCommitted;
    private final Counter gcPauses;
    private final Counter gcPauseSeconds;
    private final Gauge threads;
    private final Gauge client;
    private final Gauge driver;

    SampleMetrics(PrometheusRegistry registry) {
        cpu = Counter.builder().name("brokerbench_process_cpu_seconds")
                .help("CPU time of the load generator's process (clients included).").register(registry);
        heapUsed = gauge(registry, "brokerbench_jvm_heap_used_bytes", "Heap in use in the load generator's JVM.");
        heapCommitted = gauge(registry, "brokerbench_jvm_heap_committed_bytes", "Heap committed by the load generator's JVM.");
        gcPauses = Counter.builder().name("brokerbench_jvm_gc_pauses")
                .help("Garbage collections that paused the load generator.").register(registry);
        gcPauseSeconds = Counter.builder().name("brokerbench_jvm_gc_pause_seconds")
                .help("Time the load generator spent in garbage collection pauses.").register(registry);
        threads = gauge(registry, "brokerbench_jvm_threads", "Live threads of the load generator's JVM.");
        client = Gauge.builder().name("brokerbench_client_metric")
                .help("The client library's statistics by name, as in the result (counts per second over the last interval).")
                .labelNames("name").register(registry);
        driver = Gauge.builder().name("brokerbench_driver_stat")
                .help("The driver's BookKeeper stats by name, as in the result (counts per second over the last interval).")
                .labelNames("name").register(registry);
    }

    private static Gauge gauge(PrometheusRegistry registry, String name, String help) {
        return Gauge.builder().name(name).help(help).register(registry);
    }

    /**
     * @param previous the snapshot before, or null
     * @param newRun whether {@code snapshot} is the first of another run (its statistics restart)
     * @param seconds since {@code previous}
     */
    void record(WorkerSnapshot snapshot, WorkerSnapshot previous, boolean newRun, double seconds) {
        // CPU time and collections belong to the process, which outlives runs: they never restart
        double cpuBefore = previous == null ? 0 : previous.processCpuSecondsTotal();
        cpu.inc(Math.max(0, snapshot.processCpuSecondsTotal() - cpuBefore));
        WorkerSample sample = snapshot.sample();
        if (!sample.recorded()) {
            return;
        }
        JvmSample jvm = sample.jvm();
        JvmSample jvmBefore = previous == null || !previous.sample().recorded() ? null : previous.sample().jvm();
        heapUsed.set(jvm.heapUsedBytes());
        heapCommitted.set(jvm.heapCommittedBytes());
        threads.set(jvm.threads());
        gcPauses.inc(Math.max(0, jvm.gcPauses() - (jvmBefore == null ? 0 : jvmBefore.gcPauses())));
        gcPauseSeconds.inc(Math.max(0, jvm.gcPauseMillis() - (jvmBefore == null ? 0 : jvmBefore.gcPauseMillis())) / 1000.0);
        if (newRun) {
            // another driver may report other names: the last run's are not current any more
            client.clear();
            driver.clear();
        }
        boolean rates = !newRun && previous != null && previous.sample().recorded() && seconds > 0;
        set(client, sample.clientMetrics(), rates ? previous.sample().clientMetrics() : null, seconds);
        set(driver, sample.driverStats(), rates ? previous.sample().driverStats() : null, seconds);
    }

    /** Levels, means and maxima as they are; totals as their growth per second, when there is a previous value. */
    private static void set(Gauge gauge, Map<String, MetricValue> now, Map<String, MetricValue> before, double seconds) {
        now.forEach((name, value) -> {
            if (value.kind() != MetricValue.Kind.PER_SECOND) {
                gauge.labelValues(name).set(value.value());
            } else if (before != null && before.containsKey(name)) {
                gauge.labelValues(name).set((value.value() - before.get(name).value()) / seconds);
            }
        });
    }
}
