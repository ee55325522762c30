package io.brokerbench.remote.server;

import io.brokerbench.metrics.ProcessUsageReader;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Optional;

/**
 * The local broker's CPU time and resident memory on an in-process run's Prometheus endpoint, the
 * figures the result shows per interval. Read from the OS at each scrape rather than fed from the
 * run's intervals, so a scrape never waits for an interval and reading costs the run nothing. A run
 * without a local broker, or whose broker has exited, exports no sample.
 */
final class BrokerProcessMetrics {

    private volatile ProcessUsageReader broker;

    BrokerProcessMetrics(PrometheusRegistry registry) {
        CounterWithCallback.builder().name("brokerbench_broker_cpu_seconds")
                .help("CPU time of the local broker's process (restarts with each broker the command starts).")
                .callback(callback -> usage().ifPresent(usage -> callback.call(usage.cpuSeconds())))
                .register(registry);
        GaugeWithCallback.builder().name("brokerbench_broker_resident_bytes")
                .help("Resident memory of the local broker's process (Linux only).")
                .callback(callback -> usage().filter(usage -> usage.residentBytes() >= 0)
                        .ifPresent(usage -> callback.call(usage.residentBytes())))
                .register(registry);
    }

    /** From now on the broker is {@code process}: each driver's run starts a broker of its own. */
    void watch(ProcessHandle process) {
        broker = new ProcessUsageReader(process);
    }

    private Optional<ProcessUsageReader.Usage> usage() {
        ProcessUsageReader reader = broker;
        return reader == null ? Optional.empty() : reader.read();
    }
}
