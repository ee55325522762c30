package io.brokerbench.localbroker;

import java.util.Collection;
import java.util.List;
import java.util.Map;

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

    @Override
    void close();
}
