package io.brokerbench.localbroker.rabbitmq;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.NodeFault;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The started node with the epmd it registered with: the node is the broker (its one node for CPU, memory
 * and faults); epmd is stopped once the node has stopped, as nothing else uses it.
 */
final class RabbitMqBroker implements LocalBroker {

    private final RunningBroker node;
    private final BrokerProcess epmd;

    RabbitMqBroker(RunningBroker node, BrokerProcess epmd) {
        this.node = node;
        this.epmd = epmd;
    }

    @Override
    public String type() {
        return node.type();
    }

    @Override
    public String version() {
        return node.version();
    }

    @Override
    public Map<String, String> endpoints() {
        return node.endpoints();
    }

    @Override
    public Map<String, String> settings() {
        return node.settings();
    }

    @Override
    public List<BrokerNode> nodes() {
        return node.nodes();
    }

    /** A killed or paused node keeps its registration in epmd; started again, it registers anew. */
    @Override
    public void fault(String name, NodeFault fault) throws IOException, InterruptedException {
        node.fault(name, fault);
    }

    @Override
    public Optional<String> exitStatus(String name) {
        return node.exitStatus(name);
    }

    @Override
    public void close() {
        try {
            node.close();
        } finally {
            epmd.close();
        }
    }

    @Override
    public String toString() {
        return node.toString();
    }
}
