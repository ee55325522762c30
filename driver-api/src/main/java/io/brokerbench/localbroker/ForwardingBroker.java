package io.brokerbench.localbroker;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A local broker that is another one with something added on close (its run directory's janitor
 * dismissed, a helper process stopped after the nodes): everything else, faults and who leads included,
 * is the other's. Subclasses override {@link #close} and call {@code super.close()}.
 */
public abstract class ForwardingBroker implements LocalBroker {

    private final LocalBroker broker;

    protected ForwardingBroker(LocalBroker broker) {
        this.broker = broker;
    }

    @Override
    public String type() {
        return broker.type();
    }

    @Override
    public String version() {
        return broker.version();
    }

    @Override
    public Map<String, String> endpoints() {
        return broker.endpoints();
    }

    @Override
    public Map<String, String> settings() {
        return broker.settings();
    }

    @Override
    public List<BrokerNode> nodes() {
        return broker.nodes();
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        return broker.describe(topics);
    }

    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        return broker.leaderOf(topic, partition);
    }

    @Override
    public List<String> replicasOf(String topic, int partition) {
        return broker.replicasOf(topic, partition);
    }

    @Override
    public Optional<String> controller() {
        return broker.controller();
    }

    @Override
    public void fault(String node, NodeFault fault) throws IOException, InterruptedException {
        broker.fault(node, fault);
    }

    @Override
    public Optional<NodeNamespaces> namespaces() {
        return broker.namespaces();
    }

    @Override
    public Optional<String> exitStatus(String node) {
        return broker.exitStatus(node);
    }

    @Override
    public void close() {
        broker.close();
    }

    @Override
    public String toString() {
        return broker.toString();
    }
}
