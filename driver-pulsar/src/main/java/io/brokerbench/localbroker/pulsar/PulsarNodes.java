package io.brokerbench.localbroker.pulsar;

import io.brokerbench.localbroker.FreePorts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The processes of a local Pulsar cluster, each with its own ports on 127.0.0.1 and its own directory
 * under the run directory: one ZooKeeper (the metadata store of the broker and of the bookies), the
 * bookies that store every message, and one broker that serves the clients.
 *
 * @param zookeeper the metadata store
 * @param bookies in id order (ids from 1)
 * @param broker the broker; its second port is its web (admin) port
 */
record PulsarNodes(Node zookeeper, List<Node> bookies, Node broker) {

    /** One process: its name in the result and in faults, its port, a second port (the broker's web port; else 0), its directory. */
    record Node(String name, int port, int webPort, Path dir) {

        /** How the broker and BookKeeper name a bookie, in ledger ensembles and the bookie list. */
        String bookieId() {
            return "127.0.0.1:" + port;
        }
    }

    /** A cluster with {@code bookies} bookies, each process in {@code runDir/<its name>}, on distinct free ports. */
    static PulsarNodes allocate(int bookies, Path runDir) {
        Set<Integer> taken = new HashSet<>();
        Node zookeeper = new Node("zookeeper", freePort(taken), 0, runDir.resolve("zookeeper"));
        List<Node> bookieNodes = new ArrayList<>();
        for (int id = 1; id <= bookies; id++) {
            String name = "bookie-" + id;
            bookieNodes.add(new Node(name, freePort(taken), 0, runDir.resolve(name)));
        }
        Node broker = new Node("broker", freePort(taken), freePort(taken), runDir.resolve("broker"));
        return new PulsarNodes(zookeeper, List.copyOf(bookieNodes), broker);
    }

    private static int freePort(Set<Integer> taken) {
        int port = FreePorts.next();
        while (!taken.add(port)) {
            port = FreePorts.next();
        }
        return port;
    }

    /** Every process in start order: the metadata store, the bookies, the broker. */
    List<Node> all() {
        List<Node> all = new ArrayList<>();
        all.add(zookeeper);
        all.addAll(bookies);
        all.add(broker);
        return all;
    }

    String serviceUrl() {
        return "pulsar://127.0.0.1:" + broker.port();
    }

    String httpUrl() {
        return "http://127.0.0.1:" + broker.webPort();
    }

    /** The bookie a broker or BookKeeper calls {@code 127.0.0.1:<port>}; the id itself if none has it. */
    String nameOfBookie(String bookieId) {
        return bookies.stream().filter(b -> b.bookieId().equals(bookieId)).map(Node::name).findFirst().orElse(bookieId);
    }

    /** The broker whose service or web address {@code url} ends with (Pulsar names a broker by either); empty for any other. */
    Optional<String> nameOfBroker(String url) {
        return url != null && (url.endsWith("127.0.0.1:" + broker.port()) || url.endsWith("127.0.0.1:" + broker.webPort()))
                ? Optional.of(broker.name()) : Optional.empty();
    }
}
