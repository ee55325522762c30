package io.openmessaging.benchmark.driver.pulsar;

import io.brokerbench.driver.ClientMetricSink;
import org.apache.pulsar.client.api.ConsumerStats;
import org.apache.pulsar.client.api.ProducerStats;

/**
 * Which of the Pulsar client's producer and consumer stats the result shows, and under which names.
 * Rates come from the stats' running totals, so they are exact per interval (to the client's stats
 * period of one second, when it folds its counts into the totals); the latency percentiles are the
 * client's own over that period.
 */
final class PulsarClientStats {

    private PulsarClientStats() {
    }

    static void report(Object producer, ProducerStats stats, ClientMetricSink sink) {
        sink.perSecond("pulsar.producer.msgs-sent-rate", producer, stats.getTotalMsgsSent());
        sink.perSecond("pulsar.producer.bytes-sent-rate", producer, stats.getTotalBytesSent());
        sink.perSecond("pulsar.producer.acks-received-rate", producer, stats.getTotalAcksReceived());
        sink.perSecond("pulsar.producer.send-failed-rate", producer, stats.getTotalSendFailed());
        sink.mean("pulsar.producer.send-latency-ms-p50", stats.getSendLatencyMillis50pct());
        sink.max("pulsar.producer.send-latency-ms-p99", stats.getSendLatencyMillis99pct());
        sink.max("pulsar.producer.send-latency-ms-max", stats.getSendLatencyMillisMax());
        sink.sum("pulsar.producer.pending-queue-size", stats.getPendingQueueSize());
    }

    static void report(Object consumer, ConsumerStats stats, ClientMetricSink sink) {
        sink.perSecond("pulsar.consumer.msgs-received-rate", consumer, stats.getTotalMsgsReceived());
        sink.perSecond("pulsar.consumer.bytes-received-rate", consumer, stats.getTotalBytesReceived());
        sink.perSecond("pulsar.consumer.acks-sent-rate", consumer, stats.getTotalAcksSent());
        sink.perSecond("pulsar.consumer.receive-failed-rate", consumer, stats.getTotalReceivedFailed());
        Integer queued = stats.getMsgNumInReceiverQueue();
        if (queued != null) {
            sink.sum("pulsar.consumer.receiver-queue-size", queued);
        }
    }
}
