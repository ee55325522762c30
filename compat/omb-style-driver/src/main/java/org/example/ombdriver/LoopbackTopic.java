package org.example.ombdriver;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A topic without a broker: every subscription gets every message, shared among its consumers. */
final class LoopbackTopic {

    private final Map<String, List<LoopbackBenchmarkConsumer>> subscriptions = new ConcurrentHashMap<>();
    private final AtomicLong unkeyed = new AtomicLong();

    void subscribe(String subscription, LoopbackBenchmarkConsumer consumer) {
        subscriptions.computeIfAbsent(subscription, name -> new CopyOnWriteArrayList<>()).add(consumer);
    }

    void unsubscribe(String subscription, LoopbackBenchmarkConsumer consumer) {
        List<LoopbackBenchmarkConsumer> members = subscriptions.get(subscription);
        if (members != null) {
            members.remove(consumer);
        }
    }

    void publish(Optional<String> key, byte[] payload, long publishTimestamp) {
        // a key always goes to the same consumer, as a partitioned broker keeps a key's order
        long slot = key.map(k -> (long) (k.hashCode() & Integer.MAX_VALUE)).orElseGet(unkeyed::getAndIncrement);
        for (List<LoopbackBenchmarkConsumer> members : subscriptions.values()) {
            Object[] snapshot = members.toArray();
            if (snapshot.length > 0) {
                ((LoopbackBenchmarkConsumer) snapshot[(int) (slot % snapshot.length)]).deliver(payload, publishTimestamp);
            }
        }
    }

    void close() {
        subscriptions.values().forEach(members -> members.forEach(LoopbackBenchmarkConsumer::close));
        subscriptions.clear();
    }
}
