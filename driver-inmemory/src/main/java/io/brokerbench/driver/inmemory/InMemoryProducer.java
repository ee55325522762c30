package io.brokerbench.driver.inmemory;

import io.brokerbench.driver.PayloadCopyingProducer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Delivers inside {@code sendAsync} and returns one shared completed future, so publishing allocates
 * nothing. Consumers are done with the payload when it returns, hence {@link PayloadCopyingProducer}.
 */
final class InMemoryProducer implements BenchmarkProducer, PayloadCopyingProducer {

    private static final CompletableFuture<Void> DELIVERED = CompletableFuture.completedFuture(null);

    private final InMemoryTopic topic;
    private final StickyPartitions partitions;

    InMemoryProducer(InMemoryTopic topic) {
        this.topic = topic;
        this.partitions = new StickyPartitions(topic.partitions());
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        topic.deliver(partitions.of(key), payload, MillisecondTicker.now());
        return DELIVERED;
    }

    @Override
    public void close() {
        // nothing held
    }
}
