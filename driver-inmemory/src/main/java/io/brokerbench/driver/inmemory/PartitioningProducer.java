package io.brokerbench.driver.inmemory;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;

/**
 * What both in-memory producers share: the partition of each message, by its key's hash, or without
 * a key {@link #MESSAGES_PER_PARTITION} in one partition before the next: a batch, as Kafka's sticky
 * partitioner sends them. Moving on with every message would hand each consumer every n-th sequence
 * number, and what a consumer remembers of what it received grows with every gap (at the in-memory
 * rate, faster than a 1 GiB heap lasts). A base class rather than a helper object so that the
 * loop-back producer's fast path reads its own fields, as it did before the capacity model existed.
 * One per producer thread; not thread-safe.
 */
abstract class PartitioningProducer implements BenchmarkProducer {

    static final int MESSAGES_PER_PARTITION = 1024;

    final InMemoryTopic topic;
    private final int partitions;
    private int partition;
    private int leftInPartition = MESSAGES_PER_PARTITION;

    PartitioningProducer(InMemoryTopic topic) {
        this.topic = topic;
        this.partitions = topic.partitions();
    }

    final int partitionOf(Optional<String> key) {
        return key.isPresent() ? Math.floorMod(key.get().hashCode(), partitions) : next();
    }

    private int next() {
        if (leftInPartition == 0) {
            partition = partition + 1 == partitions ? 0 : partition + 1;
            leftInPartition = MESSAGES_PER_PARTITION;
        }
        leftInPartition--;
        return partition;
    }
}
