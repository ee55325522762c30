package io.brokerbench.it.redpanda;

import io.brokerbench.testing.DriverConformance;

/** The Redpanda driver through a whole benchmark run, against the local Kafka broker redpanda-local.yaml starts (no Redpanda here). */
class RedpandaConformanceIT extends DriverConformance {

    RedpandaConformanceIT() {
        super("driver-redpanda/redpanda-local.yaml");
    }
}
