package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import org.apache.pulsar.client.api.Consumer;

/** One Pulsar consumer; messages reach the callback through the listener set when it subscribed. */
final class PulsarBenchmarkConsumer implements BenchmarkConsumer {

    private final Consumer<byte[]> consumer;

    PulsarBenchmarkConsumer(Consumer<byte[]> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void close() throws Exception {
        // closing also flushes acknowledgements still grouped in the client
        consumer.close();
    }
}
