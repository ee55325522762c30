package io.brokerbench.delivery;

import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;

/**
 * One consumer's view of order: within each ordering domain (see {@link OrderingPolicy}) a message
 * is out of order when a higher sequence number of the same domain arrived before it.
 */
public final class OrderingCheck {

    private static final long NONE_SEEN = -1;

    private final OrderingPolicy policy;
    private final long keyCount;
    /** Per key domain: a map, as only the keys actually seen take space. */
    private final Long2LongHashMap highestByDomain = new Long2LongHashMap(NONE_SEEN);
    /** Per producer: an array, the cheapest lookup on the hot path; grown on demand. */
    private long[] highestByProducer = new long[0];

    public OrderingCheck(OrderingPolicy policy, int keyCount) {
        this.policy = policy;
        this.keyCount = Math.max(1, keyCount);
    }

    /** Notes a first delivery; returns false if it arrived out of order. */
    public boolean inOrder(int producerId, long sequence) {
        switch (policy) {
            case PER_PRODUCER:
                if (producerId >= highestByProducer.length) {
                    int from = highestByProducer.length;
                    highestByProducer = Arrays.copyOf(highestByProducer, producerId + 1);
                    Arrays.fill(highestByProducer, from, highestByProducer.length, NONE_SEEN);
                }
                if (sequence < highestByProducer[producerId]) {
                    return false;
                }
                highestByProducer[producerId] = sequence;
                return true;
            case PER_KEY:
                long domain = producerId * keyCount + sequence % keyCount;
                if (sequence < highestByDomain.get(domain)) {
                    return false;
                }
                highestByDomain.put(domain, sequence);
                return true;
            default:
                return true;
        }
    }

    public boolean judged() {
        return policy != OrderingPolicy.NONE;
    }
}
