package io.openmessaging.benchmark.driver.pulsar;

import io.brokerbench.driver.ClientMetricSink;

/** A producer or consumer of this driver whose Pulsar stats the result shows while it is open. */
interface StatsReporting {

    /** Reports its stats ({@link PulsarClientStats}); nothing once closed (its last values would linger). */
    void reportStats(ClientMetricSink sink);
}
