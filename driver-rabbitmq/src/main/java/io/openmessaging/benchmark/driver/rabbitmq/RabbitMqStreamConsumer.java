package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import io.brokerbench.driver.ClientMetricSink;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A subscription's reader of a stream over the stream protocol: a consumer named after the subscription
 * whose offset the client stores on the server (automatic tracking: every 10,000 messages, every 5 s, and
 * when it closes), so a consumer re-created for the subscription continues after the last stored offset. A
 * subscription without a stored offset starts at the beginning of the stream: nothing published before its
 * first consumer appeared is skipped.
 *
 * <p>A stream is read, not consumed: every consumer gets every message. Sharing a subscription among
 * consumers needs single active consumer (RabbitMQ 3.11 and later), so the driver gives a subscription one
 * stream consumer (see {@link RabbitMqBenchmarkDriver}).
 */
final class RabbitMqStreamConsumer implements BenchmarkConsumer, ClientCounts {

    private final Consumer consumer;
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicBoolean open = new AtomicBoolean(true);
    private final Runnable onClose;

    RabbitMqStreamConsumer(Environment environment, String stream, String subscription, ConsumerCallback callback,
            Runnable onClose) {
        this.onClose = onClose;
        this.consumer = environment.consumerBuilder()
                .stream(stream)
                .name(subscription)
                .offset(OffsetSpecification.first())
                .autoTrackingStrategy().builder()
                .messageHandler((context, message) -> {
                    delivered.incrementAndGet();
                    // the chunk's timestamp, which the broker set when it stored it
                    callback.messageReceived(message.getBodyAsBinary(), context.timestamp());
                })
                .build();
    }

    @Override
    public void report(ClientMetricSink sink) {
        sink.perSecond("rabbitmq.consumer.delivered-rate", this, delivered.get());
    }

    @Override
    public boolean isOpen() {
        return open.get();
    }

    @Override
    public void close() {
        if (open.getAndSet(false)) {
            consumer.close();
            onClose.run();
        }
    }
}
