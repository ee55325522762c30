package io.brokerbench.driver.inmemory;

import io.brokerbench.driver.PayloadCopyingProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Delivers inside {@code sendAsync} and returns one shared completed future, so publishing allocates
 * nothing. Consumers are done with the payload when it returns, hence {@link PayloadCopyingProducer}.
 */
final class InMemoryProducer extends PartitioningProducer implements PayloadCopyingProducer {

    private static final CompletableFuture<Void> DELIVERED = CompletableFuture.completedFuture(null);

    InMemoryProducer(InMemoryTopic topic) {
        super(topic);
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        topic.deliver(partitionOf(key), payload, MillisecondTicker.now());
        return DELIVERED;
    }

    @Override
    public void close() {
        // nothing held
    }
}
