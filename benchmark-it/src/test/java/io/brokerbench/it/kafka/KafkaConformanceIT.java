package io.brokerbench.it.kafka;

import io.brokerbench.testing.DriverConformance;

/** The Kafka driver, through a whole benchmark run against a real local broker: kafka-local.yaml. */
class KafkaConformanceIT extends DriverConformance {

    KafkaConformanceIT() {
        super("driver-kafka/kafka-local.yaml");
    }
}
