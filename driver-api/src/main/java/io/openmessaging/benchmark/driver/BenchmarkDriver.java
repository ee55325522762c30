package io.openmessaging.benchmark.driver;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * A broker driver: creates topics, producers and consumers for one messaging system.
 *
 * <p>Type names, method signatures and the nested value types match OpenMessaging Benchmark's
 * driver API, so a driver jar compiled against OMB links against this one unchanged. The default
 * methods fan out to the single-item methods, as OMB's do, so a driver only needs the five abstract
 * methods.
 */
public interface BenchmarkDriver extends AutoCloseable {

    /**
     * Initializes the client library from the driver's YAML file (its format is the driver's own).
     */
    void initialize(File configurationFile, StatsLogger statsLogger) throws IOException, InterruptedException;

    /** The prefix the framework puts in front of generated topic names. */
    String getTopicNamePrefix();

    CompletableFuture<Void> createTopic(String topic, int partitions);

    default CompletableFuture<Void> createTopics(List<TopicInfo> topicInfos) {
        CompletableFuture<?>[] all = new CompletableFuture<?>[topicInfos.size()];
        for (int i = 0; i < all.length; i++) {
            TopicInfo info = topicInfos.get(i);
            all[i] = createTopic(info.getTopic(), info.getPartitions());
        }
        return CompletableFuture.allOf(all);
    }

    CompletableFuture<BenchmarkProducer> createProducer(String topic);

    default CompletableFuture<List<BenchmarkProducer>> createProducers(List<ProducerInfo> producers) {
        List<CompletableFuture<BenchmarkProducer>> pending = new ArrayList<>(producers.size());
        for (ProducerInfo info : producers) {
            pending.add(createProducer(info.getTopic()));
        }
        return allOf(pending);
    }

    /**
     * Creates a consumer on {@code topic} in subscription {@code subscriptionName}; the driver calls
     * {@code consumerCallback} once for every message it receives.
     */
    CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback consumerCallback);

    default CompletableFuture<List<BenchmarkConsumer>> createConsumers(List<ConsumerInfo> consumers) {
        List<CompletableFuture<BenchmarkConsumer>> pending = new ArrayList<>(consumers.size());
        for (ConsumerInfo info : consumers) {
            pending.add(createConsumer(info.getTopic(), info.getSubscriptionName(), info.getConsumerCallback()));
        }
        return allOf(pending);
    }

    private static <T> CompletableFuture<List<T>> allOf(List<CompletableFuture<T>> pending) {
        return CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0]))
                .thenApply(ignored -> {
                    List<T> done = new ArrayList<>(pending.size());
                    for (CompletableFuture<T> future : pending) {
                        done.add(future.join());
                    }
                    return done;
                });
    }

    /** A topic to create: name and partition count. */
    final class TopicInfo {
        private final String topic;
        private final int partitions;

        public TopicInfo(String topic, int partitions) {
            this.topic = topic;
            this.partitions = partitions;
        }

        public String getTopic() {
            return topic;
        }

        public int getPartitions() {
            return partitions;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TopicInfo other && partitions == other.partitions && Objects.equals(topic, other.topic);
        }

        @Override
        public int hashCode() {
            return Objects.hash(topic, partitions);
        }

        @Override
        public String toString() {
            return "BenchmarkDriver.TopicInfo(topic=" + topic + ", partitions=" + partitions + ")";
        }
    }

    /** A producer to create: its index among the worker's producers and its topic. */
    final class ProducerInfo {
        private final int id;
        private final String topic;

        public ProducerInfo(int id, String topic) {
            this.id = id;
            this.topic = topic;
        }

        public int getId() {
            return id;
        }

        public String getTopic() {
            return topic;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ProducerInfo other && id == other.id && Objects.equals(topic, other.topic);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, topic);
        }

        @Override
        public String toString() {
            return "BenchmarkDriver.ProducerInfo(id=" + id + ", topic=" + topic + ")";
        }
    }

    /** A consumer to create: its index, topic, subscription and the callback it delivers to. */
    final class ConsumerInfo {
        private final int id;
        private final String topic;
        private final String subscriptionName;
        private final ConsumerCallback consumerCallback;

        public ConsumerInfo(int id, String topic, String subscriptionName, ConsumerCallback consumerCallback) {
            this.id = id;
            this.topic = topic;
            this.subscriptionName = subscriptionName;
            this.consumerCallback = consumerCallback;
        }

        public int getId() {
            return id;
        }

        public String getTopic() {
            return topic;
        }

        public String getSubscriptionName() {
            return subscriptionName;
        }

        public ConsumerCallback getConsumerCallback() {
            return consumerCallback;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ConsumerInfo other
                    && id == other.id
                    && Objects.equals(topic, other.topic)
                    && Objects.equals(subscriptionName, other.subscriptionName)
                    && Objects.equals(consumerCallback, other.consumerCallback);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, topic, subscriptionName, consumerCallback);
        }

        @Override
        public String toString() {
            return "BenchmarkDriver.ConsumerInfo(id=" + id + ", topic=" + topic + ", subscriptionName="
                    + subscriptionName + ", consumerCallback=" + consumerCallback + ")";
        }
    }
}
