package io.brokerbench.it.rabbitmq;

import io.brokerbench.testing.DriverConformance;

/** The RabbitMQ driver with classic queues, through a whole benchmark run against a real local broker: rabbitmq-classic.yaml. */
class RabbitMqClassicConformanceIT extends DriverConformance {

    RabbitMqClassicConformanceIT() {
        super("driver-rabbitmq/rabbitmq-classic.yaml");
    }
}
