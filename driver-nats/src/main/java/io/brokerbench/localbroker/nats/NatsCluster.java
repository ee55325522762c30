package io.brokerbench.localbroker.nats;

import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A local NATS JetStream cluster: one nats-server per node on 127.0.0.1 (or each in its network
 * namespace, on its own address), each with its own ports,
 * configuration file ({@code nats-i.conf}), log ({@code nats-i.log}) and store ({@code node-i/}) in the
 * run directory, all routed to one another; started once whole ({@link NatsClusterHealth}).
 */
final class NatsCluster {

    /** The cluster's name (nats-server's {@code cluster.name}), recorded with the result. */
    static final String NAME = "brokerbench";

    private static final Duration POLL = Duration.ofMillis(100);

    private NatsCluster() {
    }

    /**
     * Starts {@code nodes} and returns once the cluster is whole; a node that exits first, or a cluster
     * not whole within {@code timeout}, stops every node and fails naming the log that says why.
     *
     * @param namespaces where each node runs (the caller removes them should the start fail); null: here
     */
    static LocalBroker start(Path natsServer, String version, Path runDir, List<NatsNode> nodes, Duration timeout,
            NodeNamespaces namespaces) throws IOException, InterruptedException {
        Map<String, BrokerProcess> processes = new LinkedHashMap<>();
        try {
            for (int i = 0; i < nodes.size(); i++) {
                NatsNode node = nodes.get(i);
                Path store = Files.createDirectories(runDir.resolve("node-" + (i + 1)));
                Path config = Files.writeString(runDir.resolve(node.name() + ".conf"), node.config(NAME, nodes, store));
                List<String> command = List.of(natsServer.toString(), "-c", config.toString());
                processes.put(node.name(), BrokerProcess.start(node.name(),
                        namespaces == null ? command : namespaces.command(node.name(), command), runDir,
                        log(runDir, node.name()), Map.of()));
            }
            NatsMonitor monitor = new NatsMonitor();
            awaitWhole(nodes, processes, monitor, runDir, timeout);

            Map<String, String> settings = NatsLauncher.resultSettings(monitor.json(nodes.get(0).monitorUrl() + "/varz"));
            settings.put("cluster.name", NAME);
            settings.put("cluster.nodes", Integer.toString(nodes.size()));
            List<String> urls = nodes.stream().map(NatsNode::clientUrl).toList();
            // the client and the nats CLI both take a comma-separated server list, and connect to any of them
            Map<String, String> endpoints = Map.of("url", String.join(",", urls), "monitorUrl", nodes.get(0).monitorUrl());
            return new RunningBroker(NatsLauncher.TYPE, version, processes, runDir, endpoints, settings,
                    new NatsClusterShape(nodes, version, monitor), namespaces);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the run directory stays (the error names a log in it), the nodes must not
            AllAtOnce.run("stop-nats", processes.values().stream().<Runnable>map(process -> process::close).toList());
            throw e;
        }
    }

    /**
     * Polls every node's monitoring port until the cluster is whole; fails at once when a node exits,
     * or after {@code timeout} naming what is still missing and the log of the node that says so.
     */
    private static void awaitWhole(List<NatsNode> nodes, Map<String, BrokerProcess> processes, NatsMonitor monitor,
            Path runDir, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<NatsClusterHealth.Gap> gap = NatsClusterHealth.firstGap(views(nodes, monitor));
            if (gap.isEmpty()) {
                return;
            }
            for (Map.Entry<String, BrokerProcess> node : processes.entrySet()) {
                if (!node.getValue().isAlive()) {
                    throw new IOException(node.getKey() + " exited before the NATS cluster was whole; log "
                            + log(runDir, node.getKey()) + " ends with:\n" + node.getValue().tail(40));
                }
            }
            if (System.nanoTime() > deadline) {
                String node = gap.get().node();
                throw new IOException("the NATS cluster of " + nodes.size() + " nodes was not whole after "
                        + timeout.toSeconds() + " s: " + gap.get() + "; log " + log(runDir, node) + " ends with:\n"
                        + processes.get(node).tail(40));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    private static List<NatsClusterHealth.NodeView> views(List<NatsNode> nodes, NatsMonitor monitor) throws IOException {
        List<NatsClusterHealth.NodeView> views = new ArrayList<>();
        for (NatsNode node : nodes) {
            String url = node.monitorUrl();
            views.add(new NatsClusterHealth.NodeView(node.name(), monitor.get(url + "/healthz?js-enabled-only=true") != null,
                    monitor.json(url + "/routez"), monitor.json(url + "/jsz")));
        }
        return views;
    }

    private static Path log(Path runDir, String node) {
        return runDir.resolve(node + ".log");
    }
}
