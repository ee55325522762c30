package io.brokerbench.driver;

import io.openmessaging.benchmark.driver.BenchmarkDriver;

/**
 * Optional capability of a {@link BenchmarkDriver}: the statistics its client library keeps (Kafka's
 * producer and consumer metrics, Pulsar's producer and consumer stats, a connection pool's counts),
 * so that every result shows, interval by interval, what the clients did while the latencies were
 * measured. Drivers without it run as before; their results simply have no client metrics.
 *
 * <p>The framework calls {@link #reportClientMetrics} once per reporting interval, never on a load
 * thread and never twice at the same time. A driver reports every producer and consumer it created
 * that is still open, from values the library already holds: the call must not wait on the broker.
 * Names read {@code <library>.<client kind>.<statistic>}, e.g. {@code kafka.producer.record-send-rate};
 * a name means the same for every client that reports it.
 */
public interface ClientMetrics {

    /**
     * The one count whose name is the same in every driver: sends the client library retried on its own
     * (Kafka's {@code record-retry-total}), reported with {@link ClientMetricSink#perSecond}. A fault's
     * result counts them snapshot by snapshot; a driver whose library retries without counting, or does
     * not retry, does not report it, and its results say "not known" rather than 0.
     */
    String RETRIED_SENDS = "client.producer.retried-sends-rate";

    /** Hands the current value of each statistic of each open client to {@code sink}, then returns. */
    void reportClientMetrics(ClientMetricSink sink);
}
