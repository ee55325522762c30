package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.QueueCallback;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * One member of a Kafka share group (the subscription; KIP-932). The broker hands each record to one
 * member at a time under an acquisition lock, whatever the partition, so a subscription may have more
 * consumers than its topic has partitions. In implicit mode every record is accepted by the next poll; in
 * explicit mode each is accepted, released or rejected as the driver file's fractions say
 * ({@link Dispositions}) once it was handed on. Either way the acknowledgements travel with the next poll,
 * and what is left is committed when the consumer closes (otherwise those records would be delivered again
 * once their locks time out). A framework callback that takes a queue's reports ({@link QueueCallback}) is
 * told each record's delivery attempt and fate; any other gets the accepted records only. A consumer may be
 * told to stall now and then ({@link Stalls}), to hold records past their lock; acknowledgements the broker
 * refused (a lock that had timed out) are counted.
 */
final class KafkaShareBenchmarkConsumer extends PollingKafkaConsumer {

    private final ShareConsumer<String, byte[]> consumer;
    private final ConsumerCallback callback;
    /** The callback, when it takes a queue's reports; else null. */
    private final QueueCallback queueCallback;
    /** Null in implicit mode: every record is accepted. */
    private final Dispositions dispositions;
    private final int deliveryLimit;
    /** Null when the consumer never stalls. */
    private final Stalls stalls;
    /** Acknowledged records whose acknowledgement the broker refused (written on the poll thread). */
    private final AtomicLong refusedAcknowledgements = new AtomicLong();

    /**
     * @param dispositions what to do with each record (explicit mode: the consumer was created with {@code
     *     share.acknowledgement.mode=explicit}); null in implicit mode
     * @param deliveryLimit the group's {@code share.delivery.count.limit}: a release on this attempt is the last
     * @param stalls when to stall before handing records on; null: never
     */
    KafkaShareBenchmarkConsumer(ShareConsumer<String, byte[]> consumer, String topic, ConsumerCallback callback,
            Dispositions dispositions, int deliveryLimit, Stalls stalls, String threadName) {
        super(threadName);
        this.consumer = consumer;
        this.callback = callback;
        this.queueCallback = callback instanceof QueueCallback queue ? queue : null;
        this.dispositions = dispositions;
        this.deliveryLimit = deliveryLimit;
        this.stalls = stalls;
        // called on the poll thread, inside poll or commitSync, once the broker answered
        consumer.setAcknowledgementCommitCallback((offsets, exception) -> {
            if (exception != null) {
                refusedAcknowledgements.addAndGet(offsets.values().stream().mapToLong(Set::size).sum());
            }
        });
        consumer.subscribe(List.of(topic));
        start();
    }

    @Override
    void pollOnce() {
        ConsumerRecords<String, byte[]> records = consumer.poll(POLL_TIMEOUT);
        if (stalls != null && !records.isEmpty()) {
            stall(stalls.afterPollWithRecords());
        }
        for (ConsumerRecord<String, byte[]> record : records) {
            AcknowledgeType fate = dispositions == null ? AcknowledgeType.ACCEPT : dispositions.next();
            // the record's own Optional, unwrapped without another per record
            int attempt = record.deliveryCount().orElse((short) 1);
            if (queueCallback == null) {
                if (fate == AcknowledgeType.ACCEPT) {
                    callback.messageReceived(record.value(), record.timestamp());
                }
            } else {
                switch (fate) {
                    case RELEASE -> queueCallback.released(record.value(), attempt, attempt >= deliveryLimit);
                    case REJECT -> queueCallback.rejected(record.value(), attempt);
                    default -> queueCallback.accepted(record.value(), record.timestamp(), attempt);
                }
            }
            if (dispositions != null) {
                consumer.acknowledge(record, fate);
            }
        }
    }

    /** The acknowledgements the broker refused so far, as a count per second over each interval. */
    void reportRefusedAcknowledgements(ClientMetricSink sink) {
        sink.perSecond("kafka.consumer.refused-acknowledgement-rate", this, refusedAcknowledgements.get());
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
