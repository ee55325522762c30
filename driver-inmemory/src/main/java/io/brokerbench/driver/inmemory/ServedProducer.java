package io.brokerbench.driver.inmemory;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A producer of the in-memory driver with a {@code capacity}: hands each message to the driver's
 * {@link CapacityServer}, which acknowledges and delivers it once served. It keeps the payload until
 * then, so it is not a {@link io.brokerbench.driver.PayloadCopyingProducer}: the framework gives it a
 * fresh array per message.
 */
final class ServedProducer extends PartitioningProducer {

    private final CapacityServer server;

    ServedProducer(InMemoryTopic topic, CapacityServer server) {
        super(topic);
        this.server = server;
    }

    /** Blocks while the server's queue is full (see {@link CapacityServer#submit}). */
    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        return server.submit(topic, partitionOf(key), payload);
    }

    @Override
    public void close() {
        // what was sent is still served: a broker does not drop a closed producer's messages
    }
}
