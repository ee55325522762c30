package io.brokerbench.localbroker.kafka;

import io.brokerbench.localbroker.FreePorts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nodes of a local KRaft Kafka: each a broker and a controller in one JVM, with its own client
 * and controller ports on 127.0.0.1 and its own directory; every node a voter of the controller quorum.
 *
 * @param nodes in node-id order (ids from 1)
 */
record KafkaNodes(List<Node> nodes) {

    /** One node: its id, name in the result, ports and directory. */
    record Node(int id, String name, int port, int controllerPort, Path dir) {

        String bootstrapAddress() {
            return "127.0.0.1:" + port;
        }
    }

    /**
     * {@code count} nodes with distinct free ports, in {@code runDir} itself for a single broker (as
     * before clusters) or in {@code runDir/node-<id>} each; a single broker is named {@code kafka}, a
     * cluster's nodes {@code kafka-<id>}.
     */
    static KafkaNodes allocate(int count, Path runDir) {
        Set<Integer> taken = new HashSet<>();
        List<Node> nodes = new ArrayList<>();
        for (int id = 1; id <= count; id++) {
            nodes.add(new Node(id, count == 1 ? "kafka" : "kafka-" + id, freePort(taken), freePort(taken),
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
        return String.join(",", nodes.stream().map(n -> n.id() + "@127.0.0.1:" + n.controllerPort()).toList());
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
        properties.put("listeners", "PLAINTEXT://" + node.bootstrapAddress() + ",CONTROLLER://127.0.0.1:" + node.controllerPort());
        properties.put("advertised.listeners", "PLAINTEXT://" + node.bootstrapAddress());
        properties.put("controller.listener.names", "CONTROLLER");
        properties.put("inter.broker.listener.name", "PLAINTEXT");
        properties.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        properties.put("log.dirs", node.dir().resolve("data").toString());
        properties.putAll(shared);
        return properties;
    }
}
