package io.brokerbench.localbroker.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A local RabbitMQ cluster: one rabbitmq-server per node on 127.0.0.1 ({@link RabbitMqNode}), all with the
 * same Erlang cookie and the launcher's epmd, each listing every node for peer discovery by classic
 * configuration; started once whole ({@link RabbitMqClusterHealth}).
 *
 * <p>The first node starts alone and the others once it runs: a node that finds no peer running boots as a
 * cluster of its own, so nodes all started at once could form two clusters; started after the first, each
 * finds it and joins.
 */
final class RabbitMqCluster {

    private static final Duration POLL = Duration.ofSeconds(1);

    private RabbitMqCluster() {
    }

    /**
     * Starts {@code nodes} (their files written) and returns once the cluster is whole; a node that exits
     * first, or a cluster not whole within {@code timeout}, stops every node and fails naming the log that
     * says why.
     */
    static RunningBroker start(Path runDir, List<RabbitMqNode> nodes, int epmdPort, Map<String, String> settings,
            Duration timeout) throws IOException, InterruptedException {
        Map<String, BrokerProcess> processes = new LinkedHashMap<>();
        try {
            RabbitMqNode first = nodes.get(0);
            processes.put(first.name(), RabbitMqLauncher.startNode(first, runDir, epmdPort));
            String version = RabbitMqLauncher.awaitAmqp(processes.get(first.name()), first, timeout);
            for (RabbitMqNode node : nodes.subList(1, nodes.size())) {
                processes.put(node.name(), RabbitMqLauncher.startNode(node, runDir, epmdPort));
            }
            for (RabbitMqNode node : nodes.subList(1, nodes.size())) {
                RabbitMqLauncher.awaitAmqp(processes.get(node.name()), node, timeout);
            }
            RabbitMqCtl ctl = new RabbitMqCtl(runDir, epmdPort);
            awaitWhole(ctl, nodes, processes, runDir, timeout);
            return new RunningBroker(RabbitMqLauncher.TYPE, version, processes, runDir, RabbitMqLauncher.endpoints(nodes),
                    settings, new RabbitMqClusterShape(nodes, ctl));
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the run directory stays (the error names a log in it), the nodes must not
            AllAtOnce.run("stop-rabbitmq", processes.values().stream().<Runnable>map(process -> process::close).toList());
            throw e;
        }
    }

    /**
     * Asks the first node for the cluster's status until it is whole (every node has booted by now, so
     * this is a check more than a wait); fails at once when a node exits, or after {@code timeout} with
     * what is missing.
     */
    private static void awaitWhole(RabbitMqCtl ctl, List<RabbitMqNode> nodes, Map<String, BrokerProcess> processes,
            Path runDir, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<String> gap;
            try {
                JsonNode status = ctl.json(nodes.get(0), "cluster_status");
                gap = RabbitMqClusterHealth.firstGap(status, nodes);
            } catch (IOException e) {
                gap = Optional.of(e.getMessage());
            }
            if (gap.isEmpty()) {
                return;
            }
            for (Map.Entry<String, BrokerProcess> node : processes.entrySet()) {
                if (!node.getValue().isAlive()) {
                    throw new IOException(node.getKey() + " exited before the RabbitMQ cluster was whole; log "
                            + RabbitMqLauncher.log(runDir, node.getKey()) + " ends with:\n" + node.getValue().tail(40));
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the RabbitMQ cluster of " + nodes.size() + " nodes was not whole after "
                        + timeout.toSeconds() + " s: " + gap.get() + "; the nodes' logs: " + runDir + "/node-*/log/");
            }
            Thread.sleep(POLL.toMillis());
        }
    }
}
