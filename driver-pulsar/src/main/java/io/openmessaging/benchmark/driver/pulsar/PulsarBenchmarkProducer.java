package io.openmessaging.benchmark.driver.pulsar;

import io.brokerbench.driver.ClientMetricSink;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.TypedMessageBuilder;

/**
 * One Pulsar producer. It is deliberately not a {@code PayloadCopyingProducer}: the client keeps a
 * reference to the payload array until the broker acknowledged the message.
 */
final class PulsarBenchmarkProducer implements BenchmarkProducer, StatsReporting {

    private final Producer<byte[]> producer;
    private volatile boolean closed;

    PulsarBenchmarkProducer(Producer<byte[]> producer) {
        this.producer = producer;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        TypedMessageBuilder<byte[]> message = producer.newMessage().value(payload);
        key.ifPresent(message::key);
        return message.sendAsync().thenApply(messageId -> null);
    }

    @Override
    public void reportStats(ClientMetricSink sink) {
        if (!closed) {
            PulsarClientStats.report(this, producer.getStats(), sink);
        }
    }

    @Override
    public void close() throws Exception {
        closed = true;
        try {
            producer.closeAsync().get(PulsarBenchmarkDriver.CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException brokerSilent) {
            // left to the driver's close, which shuts the client down and fails what is still pending
        }
    }
}
