package io.brokerbench.it.pulsar;

import io.brokerbench.testing.DriverConformance;

/** The Pulsar driver, through a whole benchmark run against a real local broker: pulsar-local.yaml. */
class PulsarConformanceIT extends DriverConformance {

    PulsarConformanceIT() {
        super("driver-pulsar/pulsar-local.yaml");
    }
}
