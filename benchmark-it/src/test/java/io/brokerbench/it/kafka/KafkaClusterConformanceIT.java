package io.brokerbench.it.kafka;

import io.brokerbench.testing.DriverConformance;

/** The Kafka driver through whole benchmark runs against a local 3-node cluster at RF 3, acks=all: kafka-cluster-acks-all.yaml. */
class KafkaClusterConformanceIT extends DriverConformance {

    KafkaClusterConformanceIT() {
        super("driver-kafka/kafka-cluster-acks-all.yaml");
    }
}
