package io.brokerbench.localbroker.pulsar;

import io.brokerbench.localbroker.FreePorts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The processes of a local Pulsar cluster, each with its own ports on its host (127.0.0.1, or its own
 * address in a network namespace of its own) and its own directory under the run directory: one
 * ZooKeeper (the metadata store of the broker and of the bookies), the bookies that store every message,
 * and one broker that serves the clients.
 *
 * @param zookeeper the metadata store
 * @param bookies in id order (ids from 1)
 * @param broker the broker; its second port is its web (admin) port
 */
record PulsarNodes(Node zookeeper, List<Node> bookies, Node broker) {

    /**
     * One process: its name in the result and in faults, the address it listens on, its port, a second port
     * (the broker's web port; else 0), its directory.
     */
    record Node(String name, String host, int port, int webPort, Path dir) {

        /** {@code host:port}; also how the broker and BookKeeper name a bookie, in ensembles and the bookie list. */
        String hostAndPort() {
            return host + ":" + port;
        }
    }

    /** The processes' names of a cluster with {@code bookies} bookies, in start order. */
    static List<String> names(int bookies) {
        List<String> names = new ArrayList<>();
        names.add("zookeeper");
        for (int id = 1; id <= bookies; id++) {
            names.add("bookie-" + id);
        }
        names.add("broker");
        return names;
    }

    /**
     * A cluster with {@code bookies} bookies, each process in {@code runDir/<its name>}, listening on the
     * address {@code hostOf} gives its name, on distinct free ports (distinct across the cluster also when
     * the addresses differ: a port is free only as this namespace sees it).
     */
    static PulsarNodes allocate(int bookies, Path runDir, UnaryOperator<String> hostOf) {
        Set<Integer> taken = new HashSet<>();
        List<Node> all = new ArrayList<>();
        for (String name : names(bookies)) {
            all.add(new Node(name, hostOf.apply(name), freePort(taken), name.equals("broker") ? freePort(taken) : 0,
                    runDir.resolve(name)));
        }
        return new PulsarNodes(all.get(0), List.copyOf(all.subList(1, all.size() - 1)), all.get(all.size() - 1));
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
        return "pulsar://" + broker.hostAndPort();
    }

    String httpUrl() {
        return "http://" + brokerWeb();
    }

    private String brokerWeb() {
        return broker.host() + ":" + broker.webPort();
    }

    /** The bookie a broker or BookKeeper calls {@code <host>:<port>}; the id itself if none has it. */
    String nameOfBookie(String bookieId) {
        return bookies.stream().filter(b -> b.hostAndPort().equals(bookieId)).map(Node::name).findFirst().orElse(bookieId);
    }

    /** The broker whose service or web address {@code url} ends with (Pulsar names a broker by either); empty for any other. */
    Optional<String> nameOfBroker(String url) {
        return url != null && (url.endsWith(broker.hostAndPort()) || url.endsWith(brokerWeb()))
                ? Optional.of(broker.name()) : Optional.empty();
    }
}
