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
    private int nextPartition;

    InMemoryProducer(InMemoryTopic topic) {
        this.topic = topic;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        int partition = key.isPresent()
                ? Math.floorMod(key.get().hashCode(), topic.partitions())
                : nextPartition();
        topic.deliver(partition, payload, MillisecondTicker.now());
        return DELIVERED;
    }

    private int nextPartition() {
        int partition = nextPartition;
        nextPartition = partition + 1 == topic.partitions() ? 0 : partition + 1;
        return partition;
    }

    @Override
    public void close() {
        // nothing held
    }
}
