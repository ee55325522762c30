package io.brokerbench.delivery;

import org.agrona.collections.Long2LongHashMap;

/**
 * One consumer's view of order: within each ordering domain (see {@link OrderingPolicy}) a message
 * is out of order when a higher sequence number of the same domain arrived before it.
 */
public final class OrderingCheck {

    private static final long NONE_SEEN = -1;

    private final OrderingPolicy policy;
    private final long keyCount;
    private final Long2LongHashMap highestSeen = new Long2LongHashMap(NONE_SEEN);

    public OrderingCheck(OrderingPolicy policy, int keyCount) {
        this.policy = policy;
        this.keyCount = Math.max(1, keyCount);
    }

    /** Notes a first delivery; returns false if it arrived out of order. */
    public boolean inOrder(int producerId, long sequence) {
        if (policy == OrderingPolicy.NONE) {
            return true;
        }
        long domain = policy == OrderingPolicy.PER_PRODUCER
                ? producerId
                : producerId * keyCount + sequence % keyCount;
        long highest = highestSeen.get(domain);
        if (sequence < highest) {
            return false;
        }
        highestSeen.put(domain, sequence);
        return true;
    }

    public boolean judged() {
        return policy != OrderingPolicy.NONE;
    }
}
