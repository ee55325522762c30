package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchJanitor;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A started broker with the janitor that removes its run directory should this JVM die without
 * closing it; closing the broker removes the directory and dismisses the janitor.
 */
final class ScratchGuardedBroker implements LocalBroker {

    private final LocalBroker broker;
    private final ScratchJanitor janitor;

    ScratchGuardedBroker(LocalBroker broker, ScratchJanitor janitor) {
        this.broker = broker;
        this.janitor = janitor;
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
        janitor.dismiss();
    }

    @Override
    public String toString() {
        return broker.toString();
    }
}
