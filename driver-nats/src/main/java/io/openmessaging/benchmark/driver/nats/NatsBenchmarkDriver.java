package io.openmessaging.benchmark.driver.nats;

import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.Statistics;
import io.nats.client.PullSubscribeOptions;
import io.nats.client.PushSubscribeOptions;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import io.nats.client.api.StreamConfiguration;
import io.nats.client.api.StreamInfo;
import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.driver.support.TrackedClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * NATS JetStream driver. A topic is one stream whose subjects {@code <topic>.0 .. <topic>.N-1} are
 * its partitions; a subscription is one durable consumer of that stream (all subjects); each
 * BenchmarkConsumer is one subscriber bound to that durable. See README.md for the keys.
 */
public final class NatsBenchmarkDriver implements BenchmarkDriver, ConfigurationCheck, ClientMetrics {

    private NatsConfig config;
    private Connection connection;
    private JetStream jetStream;
    private JetStreamManagement management;
    private final TrackedClients clients = new TrackedClients();
    private final AtomicInteger consumerIds = new AtomicInteger();

    public NatsBenchmarkDriver() {
    }

    @Override
    public void checkConfiguration(File configurationFile) throws IOException {
        NatsConfig.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException, InterruptedException {
        config = NatsConfig.read(configurationFile);
        Options options = new Options.Builder()
                .servers(config.natsHostUrl().split("\\s*,\\s*"))
                .connectionTimeout(Duration.ofMillis(config.connectTimeoutMs()))
                .connectionName("brokerbench")
                .build();
        try {
            connection = Nats.connect(options);
        } catch (IOException | RuntimeException e) {
            throw new IOException(configurationFile + ": cannot connect to NATS at " + config.natsHostUrl()
                    + " (natsHostUrl): " + OneLine.of(e));
        }
        try {
            management = connection.jetStreamManagement();
            jetStream = connection.jetStream();
            management.getAccountStatistics(); // fails at once when the server has no JetStream
        } catch (JetStreamApiException | IOException e) {
            connection.close();
            throw new IOException(configurationFile + ": NATS at " + config.natsHostUrl()
                    + " does not offer JetStream: " + OneLine.of(e));
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return "nats-topic";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (partitions < 1) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "topic " + topic + ": partitions must be at least 1, not " + partitions));
        }
        NatsTopic natsTopic = new NatsTopic(topic, partitions);
        StreamConfiguration stream = StreamConfiguration.builder()
                .name(natsTopic.stream)
                .subjects(natsTopic.subjects)
                .storageType(config.storageType())
                .replicas(config.replicationFactor())
                .maxBytes(config.maxBytes())
                .build();
        try {
            management.addStream(stream);
            return CompletableFuture.completedFuture(null);
        } catch (JetStreamApiException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("cannot create NATS stream '"
                    + natsTopic.stream + "' (replicationFactor=" + config.replicationFactor() + ", storageType="
                    + config.storageType() + ", maxBytes=" + config.maxBytes() + "): the server says "
                    + e.getErrorDescription() + " (err_code " + e.getApiErrorCode() + ")", e));
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "cannot create NATS stream '" + natsTopic.stream + "': " + OneLine.of(e), e));
        }
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        try {
            NatsBenchmarkProducer producer =
                    new NatsBenchmarkProducer(lookUp(topic), jetStream, config.maxInFlightPublishes());
            return CompletableFuture.completedFuture(clients.track(producer));
        } catch (IOException | JetStreamApiException | RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalStateException(OneLine.of(e), e));
        }
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback) {
        try {
            NatsTopic natsTopic = lookUp(topic);
            String durable = NatsTopic.safeName(subscriptionName);
            management.addOrUpdateConsumer(natsTopic.stream, consumerConfiguration(natsTopic, durable));
            // a null subject binds to the durable as it is; a subject would have to match its filter
            // (none here), which jnats rejects with SUB-90011
            JetStreamSubscription subscription = config.consumerMode() == NatsConfig.ConsumerMode.PULL
                    ? jetStream.subscribe(null, PullSubscribeOptions.bind(natsTopic.stream, durable))
                    : jetStream.subscribe(null, durable, PushSubscribeOptions.bind(natsTopic.stream, durable));
            String name = durable + "-" + consumerIds.incrementAndGet();
            return CompletableFuture.completedFuture(
                    clients.track(new NatsBenchmarkConsumer(name, subscription, consumerCallback, config)));
        } catch (JetStreamApiException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("cannot subscribe '" + subscriptionName
                    + "' to NATS topic " + topic + ": the server says " + e.getErrorDescription()
                    + " (err_code " + e.getApiErrorCode() + ")", e));
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "cannot subscribe '" + subscriptionName + "' to NATS topic " + topic + ": " + OneLine.of(e), e));
        }
    }

    /**
     * The durable starts at the beginning of the stream (DeliverPolicy.All): on a fresh topic that
     * equals "new messages only", but it does not drop what was published before the first
     * subscriber of a subscription appeared. Re-created subscribers continue where the durable is.
     */
    private ConsumerConfiguration consumerConfiguration(NatsTopic topic, String durable) {
        ConsumerConfiguration.Builder builder = ConsumerConfiguration.builder()
                .durable(durable)
                .deliverPolicy(DeliverPolicy.All)
                .ackPolicy(AckPolicy.Explicit)
                .ackWait(Duration.ofMillis(config.ackWaitMs()));
        if (config.maxAckPending() > 0) {
            builder.maxAckPending(config.maxAckPending());
        }
        if (config.consumerMode() == NatsConfig.ConsumerMode.PUSH) {
            // one deliver subject and group per subscription: the server spreads messages over its members
            builder.deliverSubject("_brokerbench.deliver." + topic.stream + "." + durable).deliverGroup(durable);
        }
        return builder.build();
    }

    /** The topic as created (possibly by another worker): its partition count is its subject count. */
    private NatsTopic lookUp(String topic) throws IOException, JetStreamApiException {
        String stream = NatsTopic.safeName(topic);
        StreamInfo info;
        try {
            info = management.getStreamInfo(stream);
        } catch (JetStreamApiException e) {
            throw new IllegalStateException("NATS topic " + topic + " has no stream '" + stream + "': "
                    + e.getErrorDescription(), e);
        }
        return new NatsTopic(topic, info.getConfiguration().getSubjects().size());
    }

    /**
     * What jnats counts for the driver's one connection (all producers and consumers share it):
     * messages and bytes each way (JetStream acknowledgements and API calls included), requests
     * still awaiting their reply (unacknowledged publishes), reconnects, messages dropped by slow
     * consumers, and errors the server sent.
     */
    @Override
    public void reportClientMetrics(ClientMetricSink sink) {
        Connection current = connection;
        if (current == null || current.getStatus() == Connection.Status.CLOSED) {
            return;
        }
        Statistics stats = current.getStatistics();
        sink.perSecond("nats.connection.out-msgs-rate", current, stats.getOutMsgs());
        sink.perSecond("nats.connection.in-msgs-rate", current, stats.getInMsgs());
        sink.perSecond("nats.connection.out-bytes-rate", current, stats.getOutBytes());
        sink.perSecond("nats.connection.in-bytes-rate", current, stats.getInBytes());
        sink.perSecond("nats.connection.requests-sent-rate", current, stats.getRequestsSent());
        sink.perSecond("nats.connection.reconnect-rate", current, stats.getReconnects());
        sink.perSecond("nats.connection.dropped-rate", current, stats.getDroppedCount());
        sink.perSecond("nats.connection.error-rate", current, stats.getErrs());
        sink.sum("nats.connection.outstanding-requests", stats.getOutstandingRequests());
    }

    @Override
    public void close() throws Exception {
        clients.closeAll();
        if (connection != null) {
            connection.close();
        }
    }
}
