package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.lifecycle.ScratchDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A started local broker: its node processes, run directory and what the result records about it.
 * What a launcher returns once its broker (or every node of its cluster) accepts clients.
 */
public final class RunningBroker implements LocalBroker {

    private final String type;
    private final String version;
    /** Each node's current process: a fault's START replaces one. */
    private final Map<String, BrokerProcess> nodes;
    private final Path runDir;
    private final Map<String, String> endpoints;
    private final Map<String, String> settings;
    private final ShapeReport shape;
    private final NodeNamespaces namespaces;
    private volatile List<List<String>> stopTiers = List.of();

    /** A single broker: one process, named after its type. */
    public RunningBroker(String type, String version, BrokerProcess process, Path runDir, Map<String, String> endpoints,
            Map<String, String> settings) {
        this(type, version, Map.of(type, process), runDir, endpoints, settings, null);
    }

    /**
     * A broker of several nodes.
     *
     * @param nodes every node's process by its name, in node order
     * @param shape what the cluster reports about itself and the run's topics; null: only its nodes
     */
    public RunningBroker(String type, String version, Map<String, BrokerProcess> nodes, Path runDir,
            Map<String, String> endpoints, Map<String, String> settings, ShapeReport shape) {
        this(type, version, nodes, runDir, endpoints, settings, shape, null);
    }

    /**
     * A broker whose nodes run in network namespaces of their own, which it removes once its nodes
     * have stopped.
     *
     * @param namespaces null: the nodes share this namespace's 127.0.0.1
     */
    public RunningBroker(String type, String version, Map<String, BrokerProcess> nodes, Path runDir,
            Map<String, String> endpoints, Map<String, String> settings, ShapeReport shape, NodeNamespaces namespaces) {
        this.type = type;
        this.version = version;
        this.nodes = Collections.synchronizedMap(new LinkedHashMap<>(nodes));
        this.runDir = runDir;
        this.endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        Map<String, String> recorded = new LinkedHashMap<>(settings);
        if (namespaces != null) {
            // where the nodes ran, with every broker's settings alike: veth and bridge cost more than loopback
            recorded.put("network", "a network namespace per node, " + namespaces.subnet());
        }
        this.settings = Collections.unmodifiableMap(recorded);
        this.shape = shape;
        this.namespaces = namespaces;
    }

    /**
     * Stops the nodes tier by tier rather than all at once: each tier's nodes together, the next tier once
     * they are gone, nodes named in no tier last. For a cluster whose nodes wait on each other as they
     * shut down (a Pulsar broker whose metadata store went first blocks until its grace period ends).
     */
    public RunningBroker stoppedInTiers(List<List<String>> tiers) {
        this.stopTiers = List.copyOf(tiers.stream().map(List::copyOf).toList());
        return this;
    }

    /**
     * How a cluster describes itself: its nodes, and replication and leaders of the run's topics; and,
     * where the broker tells, who leads what now (the targets of a run's faults).
     */
    @FunctionalInterface
    public interface ShapeReport {
        Map<String, Object> describe(Collection<String> topics);

        default Optional<String> leaderOf(String topic, int partition) {
            return Optional.empty();
        }

        default List<String> replicasOf(String topic, int partition) {
            return List.of();
        }

        default Optional<String> controller() {
            return Optional.empty();
        }
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Map<String, String> endpoints() {
        return endpoints;
    }

    @Override
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public List<BrokerNode> nodes() {
        List<BrokerNode> list = new ArrayList<>();
        synchronized (nodes) {
            nodes.forEach((name, process) -> list.add(new BrokerNode(name, process.handle())));
        }
        return list;
    }

    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        return shape == null ? Optional.empty() : shape.leaderOf(topic, partition);
    }

    @Override
    public List<String> replicasOf(String topic, int partition) {
        return shape == null ? List.of() : shape.replicasOf(topic, partition);
    }

    @Override
    public Optional<String> controller() {
        return shape == null ? Optional.empty() : shape.controller();
    }

    @Override
    public void fault(String node, NodeFault fault) throws IOException, InterruptedException {
        BrokerProcess process = nodes.get(node);
        if (process == null) {
            throw new IllegalArgumentException("no node '" + node + "' in this " + type + " broker (nodes: "
                    + String.join(", ", nodes.keySet()) + ")");
        }
        switch (fault) {
            case KILL -> process.killNow();
            case STOP -> process.stopNow();
            case PAUSE -> process.freeze(true);
            case RESUME -> process.freeze(false);
            case START -> nodes.put(node, process.startAgain());
        }
    }

    @Override
    public Optional<NodeNamespaces> namespaces() {
        return Optional.ofNullable(namespaces);
    }

    @Override
    public Optional<String> exitStatus(String node) {
        BrokerProcess process = nodes.get(node);
        return process == null ? Optional.empty() : process.exitStatus();
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        return shape == null ? LocalBroker.super.describe(topics) : shape.describe(topics);
    }

    /**
     * Stops every node at once ({@link AllAtOnce} says why), or tier by tier ({@link #stoppedInTiers}), deletes
     * the data and removes the nodes' namespaces.
     */
    @Override
    public void close() {
        Map<String, BrokerProcess> left;
        synchronized (nodes) {
            left = new LinkedHashMap<>(nodes);
        }
        for (List<String> tier : stopTiers) {
            stopAtOnce(tier.stream().map(left::remove).filter(Objects::nonNull).toList());
        }
        stopAtOnce(List.copyOf(left.values()));
        ScratchDirectory.deleteRecursively(runDir);
        if (namespaces != null) {
            namespaces.close();
        }
    }

    private void stopAtOnce(List<BrokerProcess> processes) {
        AllAtOnce.run("stop-" + type, processes.stream().<Runnable>map(process -> process::close).toList());
    }

    @Override
    public String toString() {
        List<String> pids = new ArrayList<>();
        synchronized (nodes) {
            nodes.values().forEach(process -> pids.add(Long.toString(process.pid())));
        }
        return type + " " + version + (nodes.size() == 1 ? " (pid " : " (" + nodes.size() + " nodes, pids ")
                + String.join(", ", pids) + ")";
    }
}
