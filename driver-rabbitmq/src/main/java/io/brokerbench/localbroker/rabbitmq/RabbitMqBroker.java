package io.brokerbench.localbroker.rabbitmq;

import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.ForwardingBroker;
import io.brokerbench.localbroker.RunningBroker;

/**
 * The started node, or the nodes of a cluster, with the epmd they registered with: the nodes are the broker
 * (its nodes for CPU, memory, shape, leaders and faults by node name; a killed or paused node keeps its
 * registration in epmd, and started again registers anew); epmd is stopped once they have stopped, as
 * nothing else uses it.
 */
final class RabbitMqBroker extends ForwardingBroker {

    private final BrokerProcess epmd;

    RabbitMqBroker(RunningBroker broker, BrokerProcess epmd) {
        super(broker);
        this.epmd = epmd;
    }

    @Override
    public void close() {
        try {
            super.close();
        } finally {
            epmd.close();
        }
    }
}
