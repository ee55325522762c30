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

    /**
     * Messages without a key that go to one partition before the next: a batch, as Kafka's sticky
     * partitioner sends them. Moving on with every message would hand each consumer every n-th
     * sequence number, and what a consumer remembers of what it received grows with every gap (at
     * the in-memory rate, faster than a 1 GiB heap lasts).
     */
    private static final int MESSAGES_PER_PARTITION = 1024;

    private final InMemoryTopic topic;
    private int partition;
    private int leftInPartition = MESSAGES_PER_PARTITION;

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
        if (leftInPartition == 0) {
            partition = partition + 1 == topic.partitions() ? 0 : partition + 1;
            leftInPartition = MESSAGES_PER_PARTITION;
        }
        leftInPartition--;
        return partition;
    }

    @Override
    public void close() {
        // nothing held
    }
}
