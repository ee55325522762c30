package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.lifecycle.ScratchDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A started local broker: its node processes, run directory and what the result records about it.
 * What a launcher returns once its broker (or every node of its cluster) accepts clients.
 */
public final class RunningBroker implements LocalBroker {

    private final String type;
    private final String version;
    private final Map<String, BrokerProcess> nodes;
    private final Path runDir;
    private final Map<String, String> endpoints;
    private final Map<String, String> settings;
    private final ShapeReport shape;

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
        this.type = type;
        this.version = version;
        this.nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        this.runDir = runDir;
        this.endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        this.shape = shape;
    }

    /** How a cluster describes itself: its nodes, and replication and leaders of the run's topics. */
    @FunctionalInterface
    public interface ShapeReport {
        Map<String, Object> describe(Collection<String> topics);
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
        nodes.forEach((name, process) -> list.add(new BrokerNode(name, process.handle())));
        return list;
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        return shape == null ? LocalBroker.super.describe(topics) : shape.describe(topics);
    }

    /** Stops every node at once ({@link AllAtOnce} says why) and deletes the data. */
    @Override
    public void close() {
        AllAtOnce.run("stop-" + type, nodes.values().stream().<Runnable>map(process -> process::close).toList());
        ScratchDirectory.deleteRecursively(runDir);
    }

    @Override
    public String toString() {
        List<String> pids = new ArrayList<>();
        nodes.values().forEach(process -> pids.add(Long.toString(process.pid())));
        return type + " " + version + (nodes.size() == 1 ? " (pid " : " (" + nodes.size() + " nodes, pids ")
                + String.join(", ", pids) + ")";
    }
}
