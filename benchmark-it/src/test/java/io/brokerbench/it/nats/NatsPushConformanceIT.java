package io.brokerbench.it.nats;

import io.brokerbench.testing.DriverConformance;

/** The NATS JetStream driver with push consumers, through a whole benchmark run against a real local broker: nats-local-push.yaml. */
class NatsPushConformanceIT extends DriverConformance {

    NatsPushConformanceIT() {
        super("driver-nats/nats-local-push.yaml");
    }
}
