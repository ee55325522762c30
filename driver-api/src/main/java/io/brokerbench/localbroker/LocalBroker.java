package io.brokerbench.localbroker;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A real broker started as its own process on 127.0.0.1 for one run or one test class; {@link
 * #close()} stops it and deletes its data.
 *
 * <p>A driver file that says {@code localBroker: <type>} gets one started before the driver is
 * initialized; every {@code ${localBroker.NAME}} in that file is replaced by {@code
 * endpoints().get(NAME)} (for example {@code ${localBroker.bootstrapServers}}), so ports are chosen
 * free at start and never collide with a broker already running on the machine.
 */
public interface LocalBroker extends AutoCloseable {

    /** The type name used in driver files, as its launcher's {@link LocalBrokerLauncher#type()}. */
    String type();

    /** The broker's version as started (recorded in the result). */
    String version();

    /** Addresses the driver file can refer to as {@code ${localBroker.NAME}}. */
    Map<String, String> endpoints();

    /** Broker settings that change what a benchmark measures, recorded in the result as run. */
    Map<String, String> settings();

    /**
     * The broker's nodes, each its own OS process whose CPU and memory a run samples: one for a single
     * broker, one per node of a cluster (in node order).
     */
    List<BrokerNode> nodes();

    /**
     * The broker's shape as it reports it, for the result: its nodes and, for each of {@code topics}
     * (the run's topics or streams, as the driver named them), replication and the node leading it.
     * Asked once the run's topics exist; a broker that reports nothing more returns only its nodes.
     */
    default Map<String, Object> describe(Collection<String> topics) {
        return Map.of("nodes", nodes().stream().map(BrokerNode::name).toList());
    }

    /**
     * The node leading {@code partition} of {@code topic} (as the driver named the topic) as the broker
     * reports it now; empty when none leads it, or the broker does not tell.
     */
    default Optional<String> leaderOf(String topic, int partition) {
        return Optional.empty();
    }

    /** The nodes holding a copy of {@code partition} of {@code topic}, as the broker reports them now. */
    default List<String> replicasOf(String topic, int partition) {
        return List.of();
    }

    /** The node leading the cluster's metadata (Kafka's quorum leader, JetStream's meta leader); empty if none. */
    default Optional<String> controller() {
        return Optional.empty();
    }

    /** Puts {@code fault} on {@code node} (a name from {@link #nodes()}); returns once it has taken effect. */
    default void fault(String node, NodeFault fault) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("a local " + type() + " broker cannot be faulted");
    }

    /**
     * The network namespaces the nodes run in, for a run's network faults; empty when they share
     * 127.0.0.1 (the default) and no node can be cut apart from the others.
     */
    default Optional<NodeNamespaces> namespaces() {
        return Optional.empty();
    }

    /** How a node that is not running ended ("killed by signal 9"); empty while it runs. */
    default Optional<String> exitStatus(String node) {
        return Optional.empty();
    }

    @Override
    void close();
}
