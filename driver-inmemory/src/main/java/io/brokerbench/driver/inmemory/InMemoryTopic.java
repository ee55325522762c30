package io.brokerbench.driver.inmemory;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A topic's subscriptions and their consumers. Publishing reads an immutable snapshot (one volatile
 * read, no lock); joining and leaving, which are rare, replace the snapshot under a lock.
 */
final class InMemoryTopic {

    private final int partitions;
    private final Map<String, ConsumerCallback[]> members = new LinkedHashMap<>();
    private volatile ConsumerCallback[][] subscriptions = new ConsumerCallback[0][];

    InMemoryTopic(int partitions) {
        this.partitions = partitions;
    }

    /**
     * Hands one message to one consumer per subscription. With a key, its partition picks the
     * consumer, as a broker's partition assignment would (so per-key order holds); without one, the
     * sequence number spreads messages over the consumers.
     */
    void deliver(int partition, byte[] payload, long publishTimestamp) {
        for (ConsumerCallback[] consumers : subscriptions) {
            if (consumers.length > 0) {
                consumers[partition % consumers.length].messageReceived(payload, publishTimestamp);
            }
        }
    }

    int partitions() {
        return partitions;
    }

    synchronized Member join(String subscription, ConsumerCallback callback) {
        ConsumerCallback[] current = members.getOrDefault(subscription, new ConsumerCallback[0]);
        ConsumerCallback[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = callback;
        members.put(subscription, grown);
        publish();
        return new Member(subscription, callback);
    }

    private synchronized void leave(String subscription, ConsumerCallback callback) {
        ConsumerCallback[] current = members.get(subscription);
        if (current == null) {
            return;
        }
        // the subscription itself stays (as a broker's would), so a later consumer finds it again
        members.put(subscription, Arrays.stream(current).filter(c -> c != callback).toArray(ConsumerCallback[]::new));
        publish();
    }

    private void publish() {
        subscriptions = members.values().toArray(new ConsumerCallback[0][]);
    }

    /** One consumer's membership; closing it is the BenchmarkConsumer's close. */
    final class Member {
        private final String subscription;
        private final ConsumerCallback callback;

        private Member(String subscription, ConsumerCallback callback) {
            this.subscription = subscription;
            this.callback = callback;
        }

        void leave() {
            InMemoryTopic.this.leave(subscription, callback);
        }
    }
}
