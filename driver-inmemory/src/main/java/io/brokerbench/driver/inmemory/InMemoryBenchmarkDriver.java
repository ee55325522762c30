package io.brokerbench.driver.inmemory;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * Delivers every published message synchronously, on the publishing thread, to one consumer of
 * each subscription of its topic. No broker, no queue, no copy: what it measures is the harness.
 */
public final class InMemoryBenchmarkDriver implements BenchmarkDriver {

    private final ConcurrentMap<String, InMemoryTopic> topics = new ConcurrentHashMap<>();

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) {
        // nothing to configure: the YAML carries only the framework keys
    }

    @Override
    public String getTopicNamePrefix() {
        return "inmemory";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (topics.putIfAbsent(topic, new InMemoryTopic(partitions)) != null) {
            return CompletableFuture.failedFuture(new IllegalStateException("topic " + topic + " already exists"));
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        InMemoryTopic target = topics.get(topic);
        if (target == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no topic " + topic));
        }
        return CompletableFuture.completedFuture(new InMemoryProducer(target));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        InMemoryTopic source = topics.get(topic);
        if (source == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no topic " + topic));
        }
        InMemoryTopic.Member member = source.join(subscriptionName, consumerCallback);
        return CompletableFuture.completedFuture(member::leave);
    }

    @Override
    public void close() {
        topics.clear();
    }
}
