package io.openmessaging.benchmark.driver.rabbitmq;

import io.brokerbench.driver.ClientMetricSink;

/**
 * A producer or consumer of this driver that counts what its client library told it (confirms, nacks,
 * deliveries): neither RabbitMQ client keeps such statistics without a metrics library of its own, so
 * the driver counts them where the library hands them over.
 */
interface ClientCounts {

    /** Hands this client's counts to {@code sink}; only while it is open. */
    void report(ClientMetricSink sink);

    boolean isOpen();
}
