package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * One member of a Kafka share group (the subscription; KIP-932). The broker hands each record to one
 * member at a time under an acquisition lock, whatever the partition, so a subscription may have more
 * consumers than its topic has partitions. Every record is accepted: in implicit mode by the next poll,
 * in explicit mode by {@code acknowledge(record, ACCEPT)} once it was handed on; either way the
 * acknowledgements travel with the next poll, and what is left is committed when the consumer closes
 * (otherwise those records would be delivered again once their locks time out).
 */
final class KafkaShareBenchmarkConsumer extends PollingKafkaConsumer {

    private final ShareConsumer<String, byte[]> consumer;
    private final ConsumerCallback callback;
    private final boolean explicit;

    /** @param explicit whether the consumer was created with {@code share.acknowledgement.mode=explicit} */
    KafkaShareBenchmarkConsumer(ShareConsumer<String, byte[]> consumer, String topic, ConsumerCallback callback,
            boolean explicit, String threadName) {
        super(threadName);
        this.consumer = consumer;
        this.callback = callback;
        this.explicit = explicit;
        consumer.subscribe(List.of(topic));
        start();
    }

    @Override
    void pollOnce() {
        ConsumerRecords<String, byte[]> records = consumer.poll(POLL_TIMEOUT);
        for (ConsumerRecord<String, byte[]> record : records) {
            callback.messageReceived(record.value(), record.timestamp());
            if (explicit) {
                consumer.acknowledge(record, AcknowledgeType.ACCEPT);
            }
        }
    }

    @Override
    void commitOnClose(Duration timeout) {
        consumer.commitSync(timeout);
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
}
