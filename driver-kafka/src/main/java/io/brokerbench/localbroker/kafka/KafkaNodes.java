package io.brokerbench.localbroker.kafka;

import io.brokerbench.localbroker.FreePorts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The nodes of a local KRaft Kafka: each a broker and a controller in one JVM, with its own client
 * and controller ports on its host (127.0.0.1, or its network namespace's address) and its own
 * directory; every node a voter of the controller quorum.
 *
 * @param nodes in node-id order (ids from 1)
 */
record KafkaNodes(List<Node> nodes) {

    /** One node: its id, name in the result, the address it listens on, ports and directory. */
    record Node(int id, String name, String host, int port, int controllerPort, Path dir) {

        String bootstrapAddress() {
            return host + ":" + port;
        }

        String controllerAddress() {
            return host + ":" + controllerPort;
        }
    }

    /** The names of {@code count} nodes: a single broker is named {@code kafka}, a cluster's nodes {@code kafka-<id>}. */
    static List<String> names(int count) {
        List<String> names = new ArrayList<>();
        for (int id = 1; id <= count; id++) {
            names.add(count == 1 ? "kafka" : "kafka-" + id);
        }
        return names;
    }

    /**
     * {@code count} nodes with distinct free ports, each on the address {@code hostOf} gives its name,
     * in {@code runDir} itself for a single broker (as before clusters) or in {@code runDir/node-<id>} each.
     */
    static KafkaNodes allocate(int count, Path runDir, UnaryOperator<String> hostOf) {
        Set<Integer> taken = new HashSet<>();
        List<Node> nodes = new ArrayList<>();
        List<String> names = names(count);
        for (int id = 1; id <= count; id++) {
            String name = names.get(id - 1);
            nodes.add(new Node(id, name, hostOf.apply(name), freePort(taken), freePort(taken),
                    count == 1 ? runDir : runDir.resolve("node-" + id)));
        }
        return new KafkaNodes(List.copyOf(nodes));
    }

    private static int freePort(Set<Integer> taken) {
        int port = FreePorts.next();
        while (!taken.add(port)) {
            port = FreePorts.next();
        }
        return port;
    }

    /** Every node's client address, comma-separated: what clients bootstrap from. */
    String bootstrapServers() {
        return String.join(",", nodes.stream().map(Node::bootstrapAddress).toList());
    }

    /** {@code controller.quorum.voters}: every node, {@code id@host:controllerPort}. */
    String quorumVoters() {
        return String.join(",", nodes.stream().map(n -> n.id() + "@" + n.controllerAddress()).toList());
    }

    /** The name of the node with this broker id, for the result; the id itself if none has it. */
    String nameOf(int id) {
        return nodes.stream().filter(n -> n.id() == id).map(Node::name).findFirst().orElse(Integer.toString(id));
    }

    /** A node's server.properties: its identity, addresses and directory, then the settings all nodes share. */
    Map<String, String> serverProperties(Node node, Map<String, String> shared) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("node.id", Integer.toString(node.id()));
        properties.put("controller.quorum.voters", quorumVoters());
        properties.put("listeners", "PLAINTEXT://" + node.bootstrapAddress() + ",CONTROLLER://" + node.controllerAddress());
        properties.put("advertised.listeners", "PLAINTEXT://" + node.bootstrapAddress());
        properties.put("controller.listener.names", "CONTROLLER");
        properties.put("inter.broker.listener.name", "PLAINTEXT");
        properties.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        properties.put("log.dirs", node.dir().resolve("data").toString());
        properties.putAll(shared);
        return properties;
    }
}
