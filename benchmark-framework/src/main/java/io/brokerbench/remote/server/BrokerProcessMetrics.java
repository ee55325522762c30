package io.brokerbench.remote.server;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.metrics.ProcessUsageReader;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The local broker's CPU time and resident memory on an in-process run's Prometheus endpoint, the
 * figures the result shows per interval, one series per node ({@code node} label: {@code kafka-1} and
 * so on in a cluster, the broker type for a single broker). Read from the OS at each scrape rather
 * than fed from the run's intervals, so a scrape never waits for an interval and reading costs the run
 * nothing. A run without a local broker exports no sample, nor does a node that has exited.
 */
final class BrokerProcessMetrics {

    private volatile Supplier<List<BrokerNode>> nodes = List::of;

    BrokerProcessMetrics(PrometheusRegistry registry) {
        CounterWithCallback.builder().name("brokerbench_broker_cpu_seconds")
                .help("CPU time of each local broker node's process (restarts with each broker the command starts).")
                .labelNames("node")
                .callback(callback -> eachNode((node, usage) -> callback.call(usage.cpuSeconds(), node)))
                .register(registry);
        GaugeWithCallback.builder().name("brokerbench_broker_resident_bytes")
                .help("Resident memory of each local broker node's process (Linux only).")
                .labelNames("node")
                .callback(callback -> eachNode((node, usage) -> {
                    if (usage.residentBytes() >= 0) {
                        callback.call(usage.residentBytes(), node);
                    }
                }))
                .register(registry);
    }

    /**
     * From now on the broker is these nodes, asked at each scrape: each driver's run starts a broker of
     * its own, and a node a fault restarts is a new process (its counter starts again, as Prometheus
     * expects of a restarted process).
     */
    void watch(Supplier<List<BrokerNode>> brokerNodes) {
        nodes = brokerNodes;
    }

    private void eachNode(BiConsumer<String, ProcessUsageReader.Usage> action) {
        for (BrokerNode node : nodes.get()) {
            new ProcessUsageReader(node.process()).read().ifPresent(usage -> action.accept(node.name(), usage));
        }
    }
}
