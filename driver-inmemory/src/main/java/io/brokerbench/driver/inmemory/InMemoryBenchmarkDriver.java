package io.brokerbench.driver.inmemory;

import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.driver.inmemory.capacity.CapacityModel;
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
 *
 * <p>With a {@code capacity} section in its file it is instead a broker of known capacity, a test
 * device for the harness: messages queue for a {@link CapacityServer} and are acknowledged and
 * delivered as it serves them ({@link CapacityModel}).
 */
public final class InMemoryBenchmarkDriver implements BenchmarkDriver, ConfigurationCheck {

    private final ConcurrentMap<String, InMemoryTopic> topics = new ConcurrentHashMap<>();
    /** Null for the loop-back of infinite capacity, whose producers never see a server. */
    private CapacityServer server;

    @Override
    public void checkConfiguration(File configurationFile) {
        InMemoryDriverFile.read(configurationFile);
    }

    /** A null file (tests that make the driver themselves) is the plain loop-back. */
    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) {
        if (configurationFile == null) {
            return;
        }
        InMemoryDriverFile.read(configurationFile).capacityModel()
                .ifPresent(model -> server = new CapacityServer(model, System::nanoTime));
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
        return CompletableFuture.completedFuture(
                server == null ? new InMemoryProducer(target) : new ServedProducer(target, server));
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
        if (server != null) {
            server.close();
        }
        topics.clear();
    }
}
