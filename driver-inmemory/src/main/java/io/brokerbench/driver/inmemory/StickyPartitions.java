package io.brokerbench.driver.inmemory;

import java.util.Optional;

/**
 * The partition of each message a producer sends: by its key's hash, or without a key
 * {@link #MESSAGES_PER_PARTITION} in one partition before the next: a batch, as Kafka's sticky
 * partitioner sends them. Moving on with every message would hand each consumer every n-th sequence
 * number, and what a consumer remembers of what it received grows with every gap (at the in-memory
 * rate, faster than a 1 GiB heap lasts). One per producer; not thread-safe.
 */
final class StickyPartitions {

    static final int MESSAGES_PER_PARTITION = 1024;

    private final int partitions;
    private int partition;
    private int leftInPartition = MESSAGES_PER_PARTITION;

    StickyPartitions(int partitions) {
        this.partitions = partitions;
    }

    int of(Optional<String> key) {
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
