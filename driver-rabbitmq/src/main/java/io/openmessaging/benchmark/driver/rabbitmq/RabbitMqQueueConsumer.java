package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.driver.ClientMetricSink;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of a subscription's queue, on a channel of its own with {@code prefetchCount} unacknowledged
 * deliveries at most. Several consumers of one queue share its messages (the broker hands each message to
 * one of them); each sees its share in queue order, as the client dispatches one channel's deliveries on
 * one thread at a time.
 *
 * <p>Every message is acknowledged after the callback saw it, so a message the callback never saw goes back
 * to the queue when the channel closes, for another consumer; one the broker handed out before (a consumer
 * gone, a connection lost) arrives flagged as redelivered and is counted.
 */
final class RabbitMqQueueConsumer implements BenchmarkConsumer, ClientCounts {

    private static final Logger log = LoggerFactory.getLogger(RabbitMqQueueConsumer.class);
    private static final long CANCEL_TIMEOUT_SECONDS = 10;

    private final String queue;
    private final Channel channel;
    private final String consumerTag;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong redelivered = new AtomicLong();

    RabbitMqQueueConsumer(String queue, Channel channel, int prefetchCount, ConsumerCallback callback) throws IOException {
        this.queue = queue;
        this.channel = channel;
        channel.basicQos(prefetchCount);
        this.consumerTag = channel.basicConsume(queue, false, new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                delivered.incrementAndGet();
                if (envelope.isRedeliver()) {
                    redelivered.incrementAndGet();
                }
                long publishMillis = properties.getTimestamp() == null ? 0 : properties.getTimestamp().getTime();
                callback.messageReceived(body, publishMillis);
                channel.basicAck(envelope.getDeliveryTag(), false);
            }

            // dispatched after every delivery that came before the cancel: none reaches the callback after it
            @Override
            public void handleCancelOk(String tag) {
                cancelled.countDown();
            }

            @Override
            public void handleCancel(String tag) {
                log.warn("rabbitmq consumer {} of queue {} was cancelled by the broker (queue deleted?)", tag, queue);
                cancelled.countDown();
            }

            @Override
            public void handleShutdownSignal(String tag, ShutdownSignalException cause) {
                cancelled.countDown();
            }
        });
    }

    @Override
    public void report(ClientMetricSink sink) {
        sink.perSecond("rabbitmq.consumer.delivered-rate", this, delivered.get());
        sink.perSecond("rabbitmq.consumer.redelivered-rate", this, redelivered.get());
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public synchronized void close() throws IOException, TimeoutException, InterruptedException {
        if (!channel.isOpen()) {
            return; // closed by the benchmark and again by the driver, or lost with its connection
        }
        try {
            channel.basicCancel(consumerTag);
            if (!cancelled.await(CANCEL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                log.warn("rabbitmq consumer {} of queue {} did not stop within {} s", consumerTag, queue,
                        CANCEL_TIMEOUT_SECONDS);
            }
            channel.close();
        } catch (ShutdownSignalException | IOException lost) {
            // the channel went away meanwhile (a lost connection): its unacknowledged messages went back to the queue
            if (channel.isOpen()) {
                throw lost;
            }
        }
    }
}
