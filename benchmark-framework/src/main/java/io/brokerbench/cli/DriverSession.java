package io.brokerbench.cli;

import io.brokerbench.config.DriverFile;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.placement.CpuAffinity;
import io.brokerbench.placement.CpuList;
import io.brokerbench.placement.CpuPlacement;
import io.brokerbench.worker.DriverSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A driver file ready to run: with {@code localBroker:} it starts that broker first (and stops it on
 * close), pins it to its CPUs, and fills the file's placeholders with the broker's addresses. Says so
 * on the command's console output, beside the run's lines (deliberately printed, not logged).
 */
final class DriverSession implements AutoCloseable {

    private final DriverFile file;
    private final LocalBroker broker;
    private final DriverSetup setup;
    private final CpuPlacement placement;

    private DriverSession(DriverFile file, LocalBroker broker, DriverSetup setup, CpuPlacement placement) {
        this.file = file;
        this.broker = broker;
        this.setup = setup;
        this.placement = placement;
    }

    static DriverSession open(DriverFile file, PrintStream out, CpuRequest cpus) throws IOException, InterruptedException {
        if (!file.needsLocalBroker()) {
            CpuPlacement placement = new CpuPlacement(cpus.online(), cpus.clientCpus(), cpus.clientPinned(), null, false);
            if (placement.worthRecording()) {
                out.println(placement.describe(null));
            }
            return new DriverSession(file, null,
                    new DriverSetup(file.name(), file.driverClass(), file.text(), file.file().toString()), placement);
        }
        int nodes = file.localBrokerNodes();
        out.println("starting a local " + file.localBroker() + (nodes > 1 ? " cluster of " + nodes + " nodes" : " broker")
                + (file.localBrokerNamespaces() ? " in network namespaces (one per node)" : " on 127.0.0.1") + " for "
                + file.file() + " ...");
        long start = System.nanoTime();
        CpuList brokerCpus = brokerCpus(file, cpus);
        LocalBroker broker = LocalBrokers.start(file.localBroker(), nodes, LocalBrokers.home(),
                brokerCpus == null ? null : brokerCpus.toString(), file.localBrokerNamespaces());
        try {
            String yaml = file.resolvePlaceholders(broker.endpoints());
            out.println(String.format("local %s ready in %.1f s at %s; driver %s (%s) runs against it",
                    broker, (System.nanoTime() - start) / 1e9, withoutSecrets(broker.endpoints()),
                    file.name(), file.driverClass()));
            boolean chosen = cpus.brokerCpus() != null || file.localBrokerCpus() != null;
            CpuPlacement placement = place(broker, brokerCpus, cpus, chosen);
            out.println(placement.describe(broker.type()));
            return new DriverSession(file, broker, new DriverSetup(file.name(), file.driverClass(), yaml, file.file().toString()),
                    placement);
        } catch (IOException | InterruptedException | RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /**
     * The broker's CPUs: --broker-cpus, else the file's localBrokerCpus. A broker with neither gets every
     * online CPU when the client is pinned: started by a pinned JVM it would inherit the client's CPUs,
     * and "pin the client" must not mean "squeeze the broker in with it". Null: no pinning at all.
     */
    private static CpuList brokerCpus(DriverFile file, CpuRequest cpus) {
        if (cpus.brokerCpus() != null) {
            return cpus.brokerCpus();
        }
        if (file.localBrokerCpus() != null) {
            return file.localBrokerCpus();
        }
        return cpus.clientPinned() ? cpus.online() : null;
    }

    /**
     * The broker started under taskset on its CPUs; pinned again once ready (its process, all threads,
     * and any child it started), which covers a launcher that starts its process from a thread of its own.
     * Then placed as the kernel says it is.
     */
    private static CpuPlacement place(LocalBroker broker, CpuList wanted, CpuRequest cpus, boolean chosen)
            throws IOException, InterruptedException {
        if (wanted != null) {
            for (BrokerNode node : broker.nodes()) {
                CpuAffinity.pinTree(node.process(), wanted);
            }
        }
        // every node is started and pinned alike: the first one's affinity is the cluster's
        CpuList actual = CpuAffinity.of(broker.nodes().get(0).process().pid()).orElse(wanted != null ? wanted : cpus.online());
        return new CpuPlacement(cpus.online(), cpus.clientCpus(), cpus.clientPinned(), actual, chosen);
    }

    /** Endpoints as printed: a generated password is for the driver file, not the console. */
    private static Map<String, String> withoutSecrets(Map<String, String> endpoints) {
        Map<String, String> shown = new TreeMap<>(endpoints);
        shown.replaceAll((key, value) -> key.toLowerCase(Locale.ROOT).contains("password") ? "***" : value);
        return shown;
    }

    DriverSetup setup() {
        return setup;
    }

    DriverFile file() {
        return file;
    }

    /** Where this session's client and broker run. */
    CpuPlacement placement() {
        return placement;
    }

    /** The broker this session started, if any: a run's faults act on its nodes. */
    Optional<LocalBroker> broker() {
        return Optional.ofNullable(broker);
    }

    /** The nodes of the broker this session started; none without one. */
    List<BrokerNode> brokerNodes() {
        return broker == null ? List.of() : broker.nodes();
    }

    /** What the broker this session started reports about itself and {@code topics}; empty without one. */
    Optional<Map<String, Object>> describeBrokerShape(List<String> topics) {
        return broker == null ? Optional.empty() : Optional.of(broker.describe(topics));
    }

    /** What the result records about the broker this session started, if any. */
    Map<String, Object> describeBroker() {
        Map<String, Object> info = new LinkedHashMap<>();
        if (broker != null) {
            info.put("type", broker.type());
            info.put("version", broker.version());
            info.put("nodes", broker.nodes().size());
            info.put("endpoints", withoutSecrets(broker.endpoints()));
            info.put("settings", broker.settings());
        }
        return info;
    }

    @Override
    public void close() {
        if (broker != null) {
            broker.close();
        }
    }
}
