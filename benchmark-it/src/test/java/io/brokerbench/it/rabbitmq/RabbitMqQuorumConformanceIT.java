package io.brokerbench.it.rabbitmq;

import io.brokerbench.testing.DriverConformance;

/** The RabbitMQ driver with quorum queues, through a whole benchmark run against a real local broker: rabbitmq-quorum.yaml. */
class RabbitMqQuorumConformanceIT extends DriverConformance {

    RabbitMqQuorumConformanceIT() {
        super("driver-rabbitmq/rabbitmq-quorum.yaml");
    }

    /** A message in flight to a closing consumer comes back behind newer ones (see the superclass; docs/rabbitmq.md). */
    @Override
    protected boolean redeliversBehindNewerAfterConsumerClose() {
        return true;
    }
}
