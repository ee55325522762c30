package io.openmessaging.benchmark.driver.nats;

import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One subscriber to a subscription's durable JetStream consumer, delivering on its own thread.
 * Several subscribers bound to one durable share its messages: in pull mode each fetches batches
 * from it, in push mode the server spreads messages over the members of its deliver group.
 *
 * <p>Every message is acknowledged explicitly after the callback saw it. That costs one small
 * publish per message back to the server (AckAll would acknowledge cumulatively, but with several
 * subscribers sharing a consumer it would also acknowledge their messages); in exchange nothing a
 * subscriber did not deliver is ever considered consumed.
 */
final class NatsBenchmarkConsumer implements BenchmarkConsumer {

    private static final Logger log = LoggerFactory.getLogger(NatsBenchmarkConsumer.class);
    private static final Duration PUSH_POLL = Duration.ofMillis(100);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(10);

    private final String name;
    private final JetStreamSubscription subscription;
    private final ConsumerCallback callback;
    private final NatsConfig config;
    private final Thread deliverer;
    private volatile boolean closed;
    private volatile CompletableFuture<Boolean> drained;

    NatsBenchmarkConsumer(String name, JetStreamSubscription subscription, ConsumerCallback callback,
            NatsConfig config) {
        this.name = name;
        this.subscription = subscription;
        this.callback = callback;
        this.config = config;
        this.deliverer = new Thread(config.consumerMode() == NatsConfig.ConsumerMode.PULL ? this::pullLoop
                : this::pushLoop, "nats-consumer-" + name);
        deliverer.setDaemon(true);
        deliverer.start();
    }

    private void pullLoop() {
        Duration wait = Duration.ofMillis(config.pullWaitMs());
        while (!closed) {
            try {
                // iterate hands out each message as it arrives rather than when the batch is full;
                // it is run to its end so nothing pulled is left unacknowledged at close
                Iterator<Message> batch = subscription.iterate(config.pullBatchSize(), wait);
                while (batch.hasNext()) {
                    deliver(batch.next());
                }
            } catch (RuntimeException e) {
                if (closed) {
                    break;
                }
                log.warn("nats consumer {} failed; retrying", name, e);
                pause();
            }
        }
    }

    private void pushLoop() {
        while (true) {
            try {
                Message message = subscription.nextMessage(PUSH_POLL);
                if (message != null) {
                    deliver(message);
                } else if (closed && drained.isDone()) {
                    break;
                }
            } catch (InterruptedException e) {
                break;
            } catch (IllegalStateException inactive) {
                // the drained subscription became inactive: everything it had was delivered
                if (closed) {
                    break;
                }
                log.warn("nats consumer {} failed; retrying", name, inactive);
                pause();
            } catch (RuntimeException e) {
                log.warn("nats consumer {} failed; retrying", name, e);
                pause();
            }
        }
    }

    private void deliver(Message message) {
        if (!message.isJetStream()) {
            return; // a status message (heartbeat, request timeout), not data
        }
        // the stream's timestamp for the message, parsed from its reply subject
        long publishMillis = message.metaData().timestamp().toInstant().toEpochMilli();
        callback.messageReceived(message.getData(), publishMillis);
        message.ack();
    }

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void close() throws InterruptedException {
        if (closed) {
            return; // closed by the benchmark and again by the driver
        }
        if (config.consumerMode() == NatsConfig.ConsumerMode.PUSH) {
            // stop new deliveries first, then let the thread deliver what is already buffered here;
            // plain unsubscribe would strand those messages until ackWait expires
            drained = subscription.drain(DRAIN_TIMEOUT);
            closed = true;
            deliverer.join(DRAIN_TIMEOUT.toMillis() + 5_000);
        } else {
            closed = true;
            deliverer.join(config.pullWaitMs() + 10_000L);
            if (subscription.isActive()) {
                subscription.unsubscribe();
            }
        }
        if (deliverer.isAlive()) {
            log.warn("nats consumer {} did not stop in time", name);
        }
    }
}
