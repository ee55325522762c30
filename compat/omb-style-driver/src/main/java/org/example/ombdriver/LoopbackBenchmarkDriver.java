package org.example.ombdriver;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.ResourceCreator;
import io.openmessaging.benchmark.driver.ResourceCreator.CreationResult;
import java.io.File;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.bookkeeper.stats.Counter;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * A broker-less driver written the way OpenMessaging Benchmark's drivers are: it implements only the
 * single-item methods and relies on the interface's defaults for {@code createTopics} and
 * {@code createProducers}, batches consumer creation with {@link ResourceCreator} as OMB's RabbitMQ
 * driver does, and counts with the BookKeeper stats logger it is handed. It is compiled against the
 * driver API alone and loaded from a separate jar, to show such a jar runs unchanged.
 */
public class LoopbackBenchmarkDriver implements BenchmarkDriver {

    private static final int CONSUMER_CREATION_BATCH = 2;

    private final Map<String, LoopbackTopic> topics = new ConcurrentHashMap<>();
    private Counter messagesPublished;

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) {
        messagesPublished = statsLogger.scope("loopback").getCounter("messages_published");
    }

    @Override
    public String getTopicNamePrefix() {
        return "loopback";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (topics.putIfAbsent(topic, new LoopbackTopic()) != null) {
            return CompletableFuture.failedFuture(new IllegalStateException("topic " + topic + " already exists"));
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return CompletableFuture.completedFuture(new LoopbackBenchmarkProducer(existing(topic), messagesPublished));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        LoopbackTopic target = existing(topic);
        LoopbackBenchmarkConsumer consumer = new LoopbackBenchmarkConsumer(consumerCallback,
                self -> target.unsubscribe(subscriptionName, self));
        target.subscribe(subscriptionName, consumer);
        return CompletableFuture.completedFuture(consumer);
    }

    @Override
    public CompletableFuture<List<BenchmarkConsumer>> createConsumers(List<ConsumerInfo> consumers) {
        return new ResourceCreator<ConsumerInfo, BenchmarkConsumer>("consumer", CONSUMER_CREATION_BATCH, 0,
                batch -> {
                    Map<ConsumerInfo, CompletableFuture<BenchmarkConsumer>> started = new HashMap<>();
                    for (ConsumerInfo info : batch) {
                        started.put(info, createConsumer(info.getTopic(), info.getSubscriptionName(),
                                info.getConsumerCallback()));
                    }
                    return started;
                },
                future -> new CreationResult<>(future.join(), true))
                .create(consumers);
    }

    private LoopbackTopic existing(String topic) {
        LoopbackTopic found = topics.get(topic);
        if (found == null) {
            throw new IllegalArgumentException("no such topic: " + topic);
        }
        return found;
    }

    @Override
    public void close() {
        topics.values().forEach(LoopbackTopic::close);
        topics.clear();
    }
}
