package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.PayloadCopyingProducer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Publishes to one topic through its own Kafka producer. The value serializer is the identity
 * and {@code send} appends the bytes to the partition's batch buffer before it returns, which is
 * why the framework may reuse the payload array ({@link PayloadCopyingProducer}).
 */
final class KafkaBenchmarkProducer implements BenchmarkProducer, PayloadCopyingProducer, MeteredKafkaClient {

    private final Producer<String, byte[]> producer;
    private final String topic;
    private volatile boolean closed;

    KafkaBenchmarkProducer(Producer<String, byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        try {
            producer.send(new ProducerRecord<>(topic, key.orElse(null), payload), (metadata, error) -> {
                if (error == null) {
                    acknowledged.complete(null);
                } else {
                    acknowledged.completeExceptionally(error);
                }
            });
        } catch (RuntimeException e) {
            // send() throws rather than calling back when the buffer stays full past max.block.ms or the producer is closed
            acknowledged.completeExceptionally(e);
        }
        return acknowledged;
    }

    @Override
    public Map<MetricName, ? extends Metric> metrics() {
        return closed ? Map.of() : producer.metrics();
    }

    @Override
    public void close() {
        closed = true;
        producer.close(KafkaBenchmarkDriver.CLOSE_TIMEOUT);
    }
}
