package io.brokerbench.driver.inmemory;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A producer of the in-memory driver with a {@code capacity}: hands each message to the driver's
 * {@link CapacityServer}, which acknowledges and delivers it once served. It keeps the payload until
 * then, so it is not a {@link io.brokerbench.driver.PayloadCopyingProducer}: the framework gives it a
 * fresh array per message.
 */
final class ServedProducer implements BenchmarkProducer {

    private final InMemoryTopic topic;
    private final StickyPartitions partitions;
    private final CapacityServer server;

    ServedProducer(InMemoryTopic topic, CapacityServer server) {
        this.topic = topic;
        this.partitions = new StickyPartitions(topic.partitions());
        this.server = server;
    }

    /** Blocks while the server's queue is full (see {@link CapacityServer#submit}). */
    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        return server.submit(topic, partitions.of(key), payload);
    }

    @Override
    public void close() {
        // what was sent is still served: a broker does not drop a closed producer's messages
    }
}
