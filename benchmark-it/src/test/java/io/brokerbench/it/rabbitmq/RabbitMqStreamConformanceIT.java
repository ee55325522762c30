package io.brokerbench.it.rabbitmq;

import io.brokerbench.testing.DriverConformance;

/**
 * The RabbitMQ driver with streams over the stream protocol, through a whole benchmark run against a real local
 * broker: rabbitmq-stream.yaml. One consumer per subscription: RabbitMQ 3.10 cannot share a stream among a
 * subscription's consumers (every consumer reads every message).
 */
class RabbitMqStreamConformanceIT extends DriverConformance {

    RabbitMqStreamConformanceIT() {
        super("driver-rabbitmq/rabbitmq-stream.yaml", 1);
    }
}
