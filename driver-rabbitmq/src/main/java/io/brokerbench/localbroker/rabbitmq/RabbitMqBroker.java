package io.brokerbench.localbroker.rabbitmq;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.NodeFault;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The started node, or the nodes of a cluster, with the epmd they registered with: the nodes are the broker
 * (its nodes for CPU, memory, shape and faults by node name); epmd is stopped once they have stopped, as nothing else
 * uses it.
 */
final class RabbitMqBroker implements LocalBroker {

    private final RunningBroker broker;
    private final BrokerProcess epmd;

    RabbitMqBroker(RunningBroker broker, BrokerProcess epmd) {
        this.broker = broker;
        this.epmd = epmd;
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

    /** A killed or paused node keeps its registration in epmd; started again, it registers anew. */
    @Override
    public void fault(String name, NodeFault fault) throws IOException, InterruptedException {
        broker.fault(name, fault);
    }

    @Override
    public Optional<String> exitStatus(String name) {
        return broker.exitStatus(name);
    }

    @Override
    public void close() {
        try {
            broker.close();
        } finally {
            epmd.close();
        }
    }

    @Override
    public String toString() {
        return broker.toString();
    }
}
