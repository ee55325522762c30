package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.PayloadCopyingProducer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes to a topic's fanout exchange on a channel of its own in confirm mode: each message's future
 * completes when the broker confirmed it (for a persistent message or a quorum queue: once stored), and
 * fails on a nack or when the channel closes first. At most {@code maxInFlight} wait for their confirm;
 * beyond that {@code sendAsync} blocks the caller (back-pressure, as a full Kafka send buffer does).
 *
 * <p>The client writes the frame to the socket inside {@code basicPublish}, so the payload array is free
 * again when {@code sendAsync} returns: a {@link PayloadCopyingProducer}.
 */
final class RabbitMqQueueProducer implements BenchmarkProducer, PayloadCopyingProducer, ClientCounts {

    private final String exchange;
    private final Channel channel;
    private final AMQP.BasicProperties.Builder properties;
    private final Semaphore inFlight;
    /** Futures by publish sequence number, until the broker's confirm or nack for it. */
    private final ConcurrentNavigableMap<Long, CompletableFuture<Void>> unconfirmed = new ConcurrentSkipListMap<>();
    private final AtomicLong confirmed = new AtomicLong();
    private final AtomicLong nacked = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    RabbitMqQueueProducer(String exchange, Channel channel, boolean persistent, int maxInFlight) throws IOException {
        this.exchange = exchange;
        this.channel = channel;
        this.properties = new AMQP.BasicProperties.Builder().deliveryMode(persistent ? 2 : 1);
        this.inFlight = new Semaphore(maxInFlight);
        channel.confirmSelect();
        channel.addConfirmListener(new ConfirmListener() {
            @Override
            public void handleAck(long deliveryTag, boolean multiple) {
                settle(deliveryTag, multiple, null);
            }

            @Override
            public void handleNack(long deliveryTag, boolean multiple) {
                settle(deliveryTag, multiple, new IOException("the broker refused the message (basic.nack)"));
            }
        });
        // a channel or connection that closes takes its unconfirmed publishes with it: their fate is unknown,
        // and a recovered channel numbers its publishes anew
        channel.addShutdownListener(cause -> failAll(new IOException("channel closed before the broker confirmed: "
                + cause.getMessage(), cause)));
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        try {
            inFlight.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        long sequence = channel.getNextPublishSeqNo();
        unconfirmed.put(sequence, done);
        try {
            // the producer's clock in ms, for payloads too small for the framework's header
            channel.basicPublish(exchange, "", properties.timestamp(new Date()).build(), payload);
        } catch (IOException | RuntimeException e) {
            if (unconfirmed.remove(sequence) != null) {
                inFlight.release();
                failed.incrementAndGet();
                done.completeExceptionally(e);
            }
        }
        return done;
    }

    private void settle(long deliveryTag, boolean multiple, Exception error) {
        Map<Long, CompletableFuture<Void>> settled = multiple ? unconfirmed.headMap(deliveryTag, true)
                : unconfirmed.subMap(deliveryTag, true, deliveryTag, true);
        for (Long sequence : settled.keySet()) {
            CompletableFuture<Void> future = unconfirmed.remove(sequence);
            if (future == null) {
                continue;
            }
            inFlight.release();
            if (error == null) {
                confirmed.incrementAndGet();
                future.complete(null);
            } else {
                nacked.incrementAndGet();
                future.completeExceptionally(error);
            }
        }
    }

    private void failAll(Exception error) {
        for (Long sequence : unconfirmed.keySet()) {
            CompletableFuture<Void> future = unconfirmed.remove(sequence);
            if (future != null) {
                inFlight.release();
                failed.incrementAndGet();
                future.completeExceptionally(error);
            }
        }
    }

    @Override
    public void report(ClientMetricSink sink) {
        sink.perSecond("rabbitmq.producer.confirmed-rate", this, confirmed.get());
        sink.perSecond("rabbitmq.producer.nacked-rate", this, nacked.get());
        sink.perSecond("rabbitmq.producer.failed-rate", this, failed.get());
        sink.sum("rabbitmq.producer.unconfirmed", unconfirmed.size());
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() throws IOException, TimeoutException {
        try {
            if (channel.isOpen()) {
                channel.close();
            } else {
                channel.abort(); // lost with its connection: not to be recovered any more
            }
        } catch (ShutdownSignalException alreadyClosing) {
            // closed by the broker or the connection meanwhile: the shutdown listener failed what was left
        }
        failAll(new IOException("producer closed before the broker confirmed"));
    }
}
