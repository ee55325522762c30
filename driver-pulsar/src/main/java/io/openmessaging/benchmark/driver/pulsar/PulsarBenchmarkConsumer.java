package io.openmessaging.benchmark.driver.pulsar;

import io.brokerbench.driver.ClientMetricSink;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pulsar.client.api.Consumer;

/** One Pulsar consumer; messages reach the callback through the listener set when it subscribed. */
final class PulsarBenchmarkConsumer implements BenchmarkConsumer, StatsReporting {

    private final Consumer<byte[]> consumer;
    private volatile boolean closed;

    PulsarBenchmarkConsumer(Consumer<byte[]> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void reportStats(ClientMetricSink sink) {
        if (!closed) {
            PulsarClientStats.report(this, consumer.getStats(), sink);
        }
    }

    @Override
    public void close() throws Exception {
        closed = true;
        // closing also flushes acknowledgements still grouped in the client
        try {
            consumer.closeAsync().get(PulsarBenchmarkDriver.CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException brokerSilent) {
            // left to the driver's close, which shuts the client down
        }
    }
}
