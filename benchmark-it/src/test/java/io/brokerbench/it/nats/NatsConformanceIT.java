package io.brokerbench.it.nats;

import io.brokerbench.testing.DriverConformance;

/** The NATS JetStream driver with pull consumers, through a whole benchmark run against a real local broker: nats-local.yaml. */
class NatsConformanceIT extends DriverConformance {

    NatsConformanceIT() {
        super("driver-nats/nats-local.yaml");
    }
}
