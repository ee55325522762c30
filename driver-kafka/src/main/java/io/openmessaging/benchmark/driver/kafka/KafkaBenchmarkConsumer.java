package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka consumer in a consumer group (the subscription), polling on its own thread
 * ({@link PollingKafkaConsumer}).
 *
 * <p>Offsets are committed asynchronously at most once per commit interval, not after every poll as
 * OMB's driver does: at low rates each poll carries a few tens of messages, and a commit per poll
 * cost the broker 0.11-0.18 of a core at 20,000-160,000 msg/s with five consumers and more than
 * doubled the median end-to-end latency (docs/benchmarks.md). What was processed is committed
 * synchronously before a rebalance takes partitions away and when the consumer closes, so no
 * message is delivered twice for it; only a consumer that dies without closing leaves up to one
 * interval's messages for the group to deliver again.
 */
final class KafkaBenchmarkConsumer extends PollingKafkaConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaBenchmarkConsumer.class);
    private static final Duration REBALANCE_COMMIT_TIMEOUT = Duration.ofSeconds(10);

    private final Consumer<String, byte[]> consumer;
    private final ConsumerCallback callback;
    private final boolean commitOffsets;
    private final long commitIntervalNanos;
    /** Poll thread only. */
    private long lastCommitNanos = System.nanoTime();
    /** Poll thread only: records were polled since the last commit. */
    private boolean uncommitted;

    /**
     * @param commitOffsets false when the consumer auto-commits ({@code enable.auto.commit=true})
     * @param commitInterval the least time between two commits of the poll loop; zero commits after
     *     every poll that returned records
     */
    KafkaBenchmarkConsumer(Consumer<String, byte[]> consumer, String topic, ConsumerCallback callback,
            boolean commitOffsets, Duration commitInterval, String threadName) {
        super(threadName);
        this.consumer = consumer;
        this.callback = callback;
        this.commitOffsets = commitOffsets;
        this.commitIntervalNanos = commitInterval.toNanos();
        consumer.subscribe(List.of(topic), new CommitBeforeRevoke());
        start();
    }

    @Override
    void pollOnce() {
        ConsumerRecords<String, byte[]> records = consumer.poll(POLL_TIMEOUT);
        for (ConsumerRecord<String, byte[]> record : records) {
            callback.messageReceived(record.value(), record.timestamp());
        }
        if (commitOffsets) {
            commitIfDue(!records.isEmpty());
        }
    }

    private void commitIfDue(boolean polledRecords) {
        uncommitted |= polledRecords;
        long now = System.nanoTime();
        if (uncommitted && now - lastCommitNanos >= commitIntervalNanos) {
            consumer.commitAsync();
            uncommitted = false;
            lastCommitNanos = now;
        }
    }

    @Override
    void commitOnClose(Duration timeout) {
        if (commitOffsets) {
            consumer.commitSync(timeout);
        }
    }

    @Override
    void closeClient(Duration timeout) {
        consumer.close(timeout);
    }

    @Override
    void wakeup() {
        consumer.wakeup();
    }

    @Override
    Map<MetricName, ? extends Metric> clientMetrics() {
        return consumer.metrics();
    }

    /**
     * Commits what this consumer processed before a rebalance hands its partitions to another member
     * of the group; otherwise the new owner would start at the last async commit and deliver some
     * messages a second time.
     */
    private final class CommitBeforeRevoke implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (commitOffsets && !partitions.isEmpty()) {
                try {
                    consumer.commitSync(REBALANCE_COMMIT_TIMEOUT);
                } catch (RuntimeException e) {
                    LOG.warn("offset commit before rebalance failed", e);
                }
            }
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        }
    }
}
