package io.brokerbench.delivery;

/**
 * Which messages a broker promises to deliver in the order they were sent, so that only those are
 * judged: brokers order within a partition (a stream, a subject), not across partitions.
 *
 * <ul>
 *   <li>{@link #PER_PRODUCER}: one partition per topic, so everything a producer sends keeps its order.
 *   <li>{@link #PER_KEY}: round-robin keys over several partitions; a key always maps to one partition,
 *       so messages of one producer and one key keep their order. The key of sequence n is key n mod
 *       keyCount (see KeyChooser), so the consumer knows it without a key in the header.
 *   <li>{@link #NONE}: no key, or random keys, over several partitions; the order across partitions is
 *       not promised and not judged.
 * </ul>
 */
public enum OrderingPolicy {
    PER_PRODUCER,
    PER_KEY,
    NONE;

    public static OrderingPolicy of(int partitionsPerTopic, boolean roundRobinKeys) {
        if (partitionsPerTopic == 1) {
            return PER_PRODUCER;
        }
        return roundRobinKeys ? PER_KEY : NONE;
    }
}
