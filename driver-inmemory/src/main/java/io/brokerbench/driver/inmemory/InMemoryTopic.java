package io.brokerbench.driver.inmemory;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A topic's subscriptions and their consumers. Publishing reads an immutable snapshot (one volatile
 * read, no lock); joining and leaving, which are rare, replace the snapshot under a lock.
 *
 * <p>As on a broker, a subscription outlives its consumers: while it has none, its messages are
 * kept (copied, since producers reuse their arrays) and handed, in order, to the next consumer that
 * joins. That is what lets a backlog build up and drain.
 */
final class InMemoryTopic {

    private final int partitions;
    private final Map<String, Subscription> byName = new LinkedHashMap<>();
    private volatile Subscription[] subscriptions = new Subscription[0];

    InMemoryTopic(int partitions) {
        this.partitions = partitions;
    }

    /**
     * Hands one message to one consumer per subscription. With a key, its partition picks the
     * consumer, as a broker's partition assignment would (so per-key order holds); without one, the
     * producer spreads messages over the partitions.
     */
    void deliver(int partition, byte[] payload, long publishTimestamp) {
        for (Subscription subscription : subscriptions) {
            ConsumerCallback[] consumers = subscription.consumers;
            if (consumers.length > 0) {
                consumers[partition % consumers.length].messageReceived(payload, publishTimestamp);
            } else {
                keep(subscription.name, partition, payload, publishTimestamp);
            }
        }
    }

    int partitions() {
        return partitions;
    }

    /** The slow path: a subscription had no consumer in the snapshot the publisher read. */
    private synchronized void keep(String name, int partition, byte[] payload, long publishTimestamp) {
        ConsumerCallback[] current = byName.get(name).consumers;
        if (current.length == 0) {
            byName.get(name).backlog.add(new Kept(payload.clone(), publishTimestamp));
        } else {
            // a consumer joined after the publisher read its snapshot; it already has the backlog
            current[partition % current.length].messageReceived(payload, publishTimestamp);
        }
    }

    synchronized Member join(String name, ConsumerCallback callback) {
        Subscription current = byName.getOrDefault(name, new Subscription(name, new ConsumerCallback[0], new ArrayDeque<>()));
        ConsumerCallback[] grown = Arrays.copyOf(current.consumers, current.consumers.length + 1);
        grown[current.consumers.length] = callback;
        while (!current.backlog.isEmpty()) {
            Kept kept = current.backlog.poll();
            callback.messageReceived(kept.payload, kept.publishTimestamp);
        }
        replace(new Subscription(name, grown, current.backlog));
        return new Member(name, callback);
    }

    private synchronized void leave(String name, ConsumerCallback callback) {
        Subscription current = byName.get(name);
        if (current != null) {
            replace(new Subscription(name,
                    Arrays.stream(current.consumers).filter(c -> c != callback).toArray(ConsumerCallback[]::new),
                    current.backlog));
        }
    }

    private void replace(Subscription subscription) {
        byName.put(subscription.name, subscription);
        subscriptions = byName.values().toArray(new Subscription[0]);
    }

    private record Subscription(String name, ConsumerCallback[] consumers, ArrayDeque<Kept> backlog) {
    }

    private record Kept(byte[] payload, long publishTimestamp) {
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
