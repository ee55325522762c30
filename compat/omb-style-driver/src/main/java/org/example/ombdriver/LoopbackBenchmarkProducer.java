package org.example.ombdriver;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.Counter;

/** Hands each message to the topic's subscriptions; acknowledged as soon as it is queued for them. */
final class LoopbackBenchmarkProducer implements BenchmarkProducer {

    private final LoopbackTopic topic;
    private final Counter messagesPublished;

    LoopbackBenchmarkProducer(LoopbackTopic topic, Counter messagesPublished) {
        this.topic = topic;
        this.messagesPublished = messagesPublished;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        topic.publish(key, payload, System.currentTimeMillis());
        messagesPublished.inc();
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
    }
}
