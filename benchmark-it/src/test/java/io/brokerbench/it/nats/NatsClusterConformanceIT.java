package io.brokerbench.it.nats;

import io.brokerbench.testing.DriverConformance;

/** The NATS JetStream driver through whole benchmark runs against a local 3-node cluster, streams at R3: nats-cluster-r3.yaml. */
class NatsClusterConformanceIT extends DriverConformance {

    NatsClusterConformanceIT() {
        super("driver-nats/nats-cluster-r3.yaml");
    }
}
