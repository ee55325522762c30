package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchJanitor;
import java.util.Collection;
import java.util.List;
import java.util.Map;

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
    public void close() {
        broker.close();
        janitor.dismiss();
    }

    @Override
    public String toString() {
        return broker.toString();
    }
}
