package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.stream.ByteCapacity;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.StreamCreator;
import com.rabbitmq.stream.StreamException;
import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.driver.support.TrackedClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.ResourceCreator;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.security.GeneralSecurityException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * RabbitMQ driver. CLASSIC and QUORUM: a topic is a fanout exchange, a subscription a durable queue of that
 * type bound to it, over AMQP 0-9-1 with publisher confirms and consumer acknowledgements. STREAM: a topic
 * is a stream, written and read over the stream protocol. Producers publish on one connection, consumers
 * consume on another, so that the broker's flow control of publishers never holds back deliveries. See
 * docs/rabbitmq.md for the keys and the mapping.
 */
public final class RabbitMqBenchmarkDriver implements BenchmarkDriver, ConfigurationCheck, ClientMetrics {

    private RabbitMqConfig config;
    private Connection publishConnection;
    private Connection consumeConnection;
    private Environment streams;
    private final TrackedClients clients = new TrackedClients();
    private final List<ClientCounts> counted = new CopyOnWriteArrayList<>();
    /** STREAM: the subscriptions that have their one consumer in this driver. */
    private final Set<String> readSubscriptions = ConcurrentHashMap.newKeySet();

    public RabbitMqBenchmarkDriver() {
    }

    @Override
    public void checkConfiguration(File configurationFile) throws IOException {
        RabbitMqConfig.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException, InterruptedException {
        config = RabbitMqConfig.read(configurationFile);
        publishConnection = connect(configurationFile, "brokerbench-publish");
        consumeConnection = connect(configurationFile, "brokerbench-consume");
        if (config.queueType() == RabbitMqConfig.QueueType.STREAM) {
            try {
                streams = Environment.builder().uris(config.streamUris()).build();
            } catch (StreamException e) {
                closeConnections();
                throw new IOException(configurationFile + ": cannot connect to RabbitMQ's stream protocol at "
                        + config.streamUris() + " (streamUris; is the rabbitmq_stream plugin on?): " + OneLine.of(e));
            }
        }
    }

    /**
     * A connection to the first of amqpUris that accepts one, with the client's automatic recovery, which
     * goes to the first that accepts again when the connection is lost ({@link AmqpAddresses}).
     */
    private Connection connect(File configurationFile, String name) throws IOException {
        ConnectionFactory factory = new ConnectionFactory();
        try {
            factory.setUri(config.amqpUris().get(0).strip());
        } catch (URISyntaxException | GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException(configurationFile + ": amqpUris: " + config.amqpUris().get(0) + ": " + OneLine.of(e), e);
        }
        factory.setConnectionTimeout(config.connectTimeoutMs());
        try {
            // no executor of ours: the client's own consumer work pool
            return factory.newConnection(null, new AmqpAddresses(config.amqpUris()), name);
        } catch (IOException | TimeoutException e) {
            throw new IOException(configurationFile + ": cannot connect to RabbitMQ at any of " + config.amqpUris()
                    + " (amqpUris): " + OneLine.of(e), e);
        }
    }

    /** RabbitMQ's stream_max_segment_size_bytes default. */
    private static final long DEFAULT_STREAM_SEGMENT_BYTES = 500_000_000;

    @Override
    public String getTopicNamePrefix() {
        return "rabbitmq-topic";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return attempt("create topic " + topic, () -> {
            if (config.queueType() == RabbitMqConfig.QueueType.STREAM) {
                StreamCreator creator = streams.streamCreator().stream(topic);
                if (config.streamMaxLengthBytes() != null) {
                    // retention drops whole segments: a quarter of the limit each (at most RabbitMQ's default
                    // 500 MB), so that the stream stays near the limit
                    long segment = Math.min(config.streamMaxLengthBytes() / 4, DEFAULT_STREAM_SEGMENT_BYTES);
                    creator.maxLengthBytes(ByteCapacity.B(config.streamMaxLengthBytes()))
                            .maxSegmentSizeBytes(ByteCapacity.B(segment));
                }
                creator.create();
            } else {
                withChannel(channel -> channel.exchangeDeclare(topic, BuiltinExchangeType.FANOUT, true));
            }
            return null;
        });
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return attempt("create a producer on " + topic, () -> {
            if (config.queueType() == RabbitMqConfig.QueueType.STREAM) {
                return track(new RabbitMqStreamProducer(streams.producerBuilder().stream(topic)
                        .maxUnconfirmedMessages(config.maxInFlightPublishes()).build()));
            }
            return track(new RabbitMqQueueProducer(topic, publishConnection.createChannel(), config.messagePersistence(),
                    config.maxInFlightPublishes()));
        });
    }

    /** Batches of {@code producerCreationBatchSize}, {@code producerCreationDelay} ms apart, as OMB's driver. */
    @Override
    public CompletableFuture<List<BenchmarkProducer>> createProducers(List<ProducerInfo> producers) {
        return inBatches("producer", config.producerCreationBatchSize(), config.producerCreationDelay(), producers,
                info -> createProducer(info.getTopic()));
    }

    /**
     * CLASSIC and QUORUM: declares the subscription's queue (idempotent: every consumer of it does) and
     * consumes from it. STREAM: reads the stream as the subscription's named consumer; a second consumer of the
     * same subscription is refused, as it would get every message again.
     */
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback) {
        return attempt("subscribe '" + subscriptionName + "' to " + topic, () -> {
            if (config.queueType() == RabbitMqConfig.QueueType.STREAM) {
                String key = topic + "/" + subscriptionName;
                if (!readSubscriptions.add(key)) {
                    throw new IllegalStateException("queueType STREAM: subscription '" + subscriptionName
                            + "' already has its consumer; every consumer of a stream gets every message (RabbitMQ"
                            + " shares a stream among consumers only from 3.11, with single active consumer), so"
                            + " set consumerPerSubscription: 1");
                }
                try {
                    return track(new RabbitMqStreamConsumer(streams, topic, subscriptionName, consumerCallback,
                            () -> readSubscriptions.remove(key)));
                } catch (RuntimeException e) {
                    readSubscriptions.remove(key);
                    throw e;
                }
            }
            String queue = RabbitMqTopic.queue(topic, subscriptionName);
            withChannel(channel -> {
                channel.queueDeclare(queue, true, false, false, Map.of("x-queue-type", config.queueType().declared));
                channel.queueBind(queue, topic, "");
            });
            return track(new RabbitMqQueueConsumer(queue, consumeConnection.createChannel(), config.prefetchCount(),
                    consumerCallback));
        });
    }

    /** Batches of {@code consumerCreationBatchSize}, {@code consumerCreationDelay} ms apart, as OMB's driver. */
    @Override
    public CompletableFuture<List<BenchmarkConsumer>> createConsumers(List<ConsumerInfo> consumers) {
        return inBatches("consumer", config.consumerCreationBatchSize(), config.consumerCreationDelay(), consumers,
                info -> createConsumer(info.getTopic(), info.getSubscriptionName(), info.getConsumerCallback()));
    }

    /**
     * Creates {@code requested} with {@code create}, {@code batchSize} at a time and {@code delayMs} apart. A
     * creation that fails is not retried: its failure (a missing topic, a refused consumer) fails the whole.
     */
    private static <R, C> CompletableFuture<List<C>> inBatches(String what, int batchSize, long delayMs,
            List<R> requested, Function<R, CompletableFuture<C>> create) {
        ResourceCreator<R, C> creator = new ResourceCreator<>(what, batchSize, delayMs, batch -> {
            Map<R, CompletableFuture<C>> started = new LinkedHashMap<>();
            batch.forEach(info -> started.put(info, create.apply(info)));
            return started;
        }, future -> new ResourceCreator.CreationResult<>(future.join(), true));
        try {
            return creator.create(requested);
        } catch (CompletionException e) {
            return CompletableFuture.failedFuture(e.getCause());
        }
    }

    private <T extends AutoCloseable & ClientCounts> T track(T client) {
        counted.add(client);
        return clients.track(client);
    }

    /** Declarations on a short-lived channel of the consuming connection: a failed one closes only that channel. */
    private void withChannel(ChannelAction action) throws IOException, TimeoutException {
        Channel channel = consumeConnection.createChannel();
        try {
            action.run(channel);
        } finally {
            if (channel.isOpen()) {
                channel.close();
            }
        }
    }

    @FunctionalInterface
    private interface ChannelAction {
        void run(Channel channel) throws IOException;
    }

    @FunctionalInterface
    private interface Attempt<T> {
        T run() throws IOException, TimeoutException;
    }

    private static <T> CompletableFuture<T> attempt(String what, Attempt<T> action) {
        try {
            return CompletableFuture.completedFuture(action.run());
        } catch (IOException | TimeoutException | RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("rabbitmq: cannot " + what + ": "
                    + OneLine.of(e), e));
        }
    }

    /**
     * What the driver counted for each open producer and consumer: confirms, nacks and publishes lost with
     * their channel; deliveries and redeliveries; and the publishes still awaiting their confirm.
     */
    @Override
    public void reportClientMetrics(ClientMetricSink sink) {
        counted.removeIf(client -> !client.isOpen());
        for (ClientCounts client : counted) {
            client.report(sink);
        }
    }

    @Override
    public void close() throws Exception {
        try {
            clients.closeAll();
        } finally {
            counted.clear();
            if (streams != null) {
                streams.close();
            }
            closeConnections();
        }
    }

    private void closeConnections() throws IOException {
        for (Connection connection : new Connection[] {publishConnection, consumeConnection}) {
            if (connection != null && connection.isOpen()) {
                connection.close();
            }
        }
    }
}
