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
 *
 * <p>A quorum queue may still deliver to a consumer after confirming its cancel (seen here: one message in
 * some backlog runs). The client hands such late deliveries to the channel's default consumer; without one
 * it drops them, and the message, returned when the channel closes, reaches the subscription's next
 * consumer after newer ones (counted as reordered). So late deliveries are delivered and acknowledged too
 * while {@link #close()} waits for them: after the cancel it makes one more consumer on a queue of its own
 * and cancels that, whose cancel is dispatched only after every delivery read before it. What no wait on
 * this side can catch (seen in this project's conformance runs on RabbitMQ 3.10): a message the quorum queue
 * assigned to the consumer as it cancelled stays with its channel on the broker, comes back when the channel
 * closes, and reaches the next consumer flagged redelivered, behind newer messages. RabbitMQ promises queue
 * order only for messages not redelivered; the run counts it as reordered (docs/rabbitmq.md).
 */
final class RabbitMqQueueConsumer implements BenchmarkConsumer, ClientCounts {

    private static final Logger log = LoggerFactory.getLogger(RabbitMqQueueConsumer.class);
    private static final long CANCEL_TIMEOUT_SECONDS = 10;

    private final String queue;
    private final Channel channel;
    private final ConsumerCallback callback;
    private final String consumerTag;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong redelivered = new AtomicLong();
    /** Set once close() has waited for late deliveries: any later one goes back to the queue. */
    private volatile boolean closed;

    RabbitMqQueueConsumer(String queue, Channel channel, int prefetchCount, ConsumerCallback callback) throws IOException {
        this.queue = queue;
        this.channel = channel;
        this.callback = callback;
        channel.basicQos(prefetchCount);
        channel.setDefaultConsumer(new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                if (closed) {
                    channel.basicReject(envelope.getDeliveryTag(), true);
                } else {
                    deliver(envelope, properties, body);
                }
            }
        });
        this.consumerTag = channel.basicConsume(queue, false, new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                deliver(envelope, properties, body);
            }

            // dispatched after every delivery that came before the cancel
            @Override
            public void handleCancelOk(String tag) {
                cancelled.countDown();
            }

            // not counted down on a lost connection: the client recovers the consumer, which delivers again
            @Override
            public void handleCancel(String tag) {
                log.warn("rabbitmq consumer {} of queue {} was cancelled by the broker (queue deleted?)", tag, queue);
                cancelled.countDown();
            }
        });
    }

    private void deliver(Envelope envelope, AMQP.BasicProperties properties, byte[] body) throws IOException {
        delivered.incrementAndGet();
        if (envelope.isRedeliver()) {
            redelivered.incrementAndGet();
        }
        long publishMillis = properties.getTimestamp() == null ? 0 : properties.getTimestamp().getTime();
        callback.messageReceived(body, publishMillis);
        channel.basicAck(envelope.getDeliveryTag(), false);
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
            // closed by the benchmark and again by the driver, or lost with its connection: abort also keeps the
            // client from recovering it, which would deliver again after this close
            closed = true;
            channel.abort();
            return;
        }
        try {
            channel.basicCancel(consumerTag);
            await(cancelled, consumerTag);
            awaitLateDeliveries();
            closed = true;
            channel.close();
        } catch (ShutdownSignalException | IOException lost) {
            // the channel went away meanwhile (a lost connection): its unacknowledged messages went back to the queue
            closed = true;
            if (channel.isOpen()) {
                throw lost;
            }
        }
    }

    /**
     * A consumer on a server-named, exclusive queue, cancelled at once: its cancel travels the channel after
     * whatever the broker sent before it, and the client dispatches it after those deliveries.
     */
    private void awaitLateDeliveries() throws IOException, InterruptedException {
        CountDownLatch marker = new CountDownLatch(1);
        String markerQueue = channel.queueDeclare().getQueue();
        String markerTag = channel.basicConsume(markerQueue, true, new DefaultConsumer(channel) {
            @Override
            public void handleCancelOk(String tag) {
                marker.countDown();
            }
        });
        channel.basicCancel(markerTag);
        await(marker, markerTag);
    }

    private void await(CountDownLatch latch, String tag) throws InterruptedException {
        if (!latch.await(CANCEL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            log.warn("rabbitmq consumer {} of queue {} did not stop within {} s", tag, queue, CANCEL_TIMEOUT_SECONDS);
        }
    }
}
