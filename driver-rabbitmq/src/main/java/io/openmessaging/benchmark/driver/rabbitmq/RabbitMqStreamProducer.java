package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.stream.Producer;
import io.brokerbench.driver.ClientMetricSink;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes to a stream over the stream protocol: each message's future completes on the broker's
 * publish confirm (the stream stored it), and fails when the client gives up on it (an error code, the
 * confirm timeout). The client batches messages on its own thread and bounds the unconfirmed ones itself
 * ({@code maxUnconfirmedMessages}: {@code send} blocks beyond it).
 *
 * <p>The message keeps the payload array until its batch is written: deliberately not a {@code
 * PayloadCopyingProducer}.
 */
final class RabbitMqStreamProducer implements BenchmarkProducer, ClientCounts {

    private final Producer producer;
    private final AtomicLong confirmed = new AtomicLong();
    private final AtomicLong nacked = new AtomicLong();
    private final AtomicLong unconfirmed = new AtomicLong();
    private final AtomicBoolean open = new AtomicBoolean(true);

    RabbitMqStreamProducer(Producer producer) {
        this.producer = producer;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        unconfirmed.incrementAndGet();
        try {
            producer.send(producer.messageBuilder().addData(payload).build(), status -> {
                unconfirmed.decrementAndGet();
                if (status.isConfirmed()) {
                    confirmed.incrementAndGet();
                    done.complete(null);
                } else {
                    nacked.incrementAndGet();
                    done.completeExceptionally(new IOException("the stream did not confirm the message (code "
                            + status.getCode() + ")"));
                }
            });
        } catch (RuntimeException e) {
            unconfirmed.decrementAndGet();
            done.completeExceptionally(e);
        }
        return done;
    }

    @Override
    public void report(ClientMetricSink sink) {
        sink.perSecond("rabbitmq.producer.confirmed-rate", this, confirmed.get());
        sink.perSecond("rabbitmq.producer.nacked-rate", this, nacked.get());
        sink.sum("rabbitmq.producer.unconfirmed", unconfirmed.get());
    }

    @Override
    public boolean isOpen() {
        return open.get();
    }

    @Override
    public void close() {
        if (open.getAndSet(false)) {
            producer.close();
        }
    }
}
