package io.openmessaging.benchmark.driver.pulsar;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.driver.support.OneLine;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.pulsar.config.ClientConfig;
import io.openmessaging.benchmark.driver.pulsar.config.ClientConfig.Persistence;
import io.openmessaging.benchmark.driver.pulsar.config.ClientConfig.TopicType;
import io.openmessaging.benchmark.driver.pulsar.config.ConsumerConfig;
import io.openmessaging.benchmark.driver.pulsar.config.ProducerConfig;
import io.openmessaging.benchmark.driver.pulsar.config.PulsarDriverConfig;
import java.io.File;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.admin.PulsarAdminBuilder;
import org.apache.pulsar.client.admin.PulsarAdminException;
import org.apache.pulsar.client.api.BatcherBuilder;
import org.apache.pulsar.client.api.ClientBuilder;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.ProducerBuilder;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.SizeUnit;
import org.apache.pulsar.client.api.SubscriptionInitialPosition;
import org.apache.pulsar.client.api.SubscriptionType;
import org.apache.pulsar.common.policies.data.BacklogQuota;
import org.apache.pulsar.common.policies.data.PersistencePolicies;
import org.apache.pulsar.common.policies.data.TenantInfo;

/**
 * Apache Pulsar driver, configured by OMB's Pulsar driver file. Every driver instance works in a
 * namespace of its own ({@code <namespacePrefix>-<random>}) whose persistence and deduplication
 * policies come from the file, so runs never see each other's topics or policies.
 */
public final class PulsarBenchmarkDriver implements BenchmarkDriver, ConfigurationCheck, ClientMetrics {

    /** Bounds every wait on an unreachable cluster: connection attempts, admin requests, lookups. */
    private static final int CONNECT_TIMEOUT_SECONDS = 10;
    private static final int REQUEST_TIMEOUT_SECONDS = 30;
    /** The client retries a refused connection until this passes, so it is also how long a dead URL takes to report. */
    private static final int CONNECT_CHECK_SECONDS = 15;
    /** Creating many producers and consumers on a busy cluster takes long; still, nothing waits forever. */
    private static final int OPERATION_TIMEOUT_SECONDS = 120;
    /**
     * How long closing a producer, a consumer or the client may wait for the broker. Closing asks the
     * broker and waits for its answer, up to the operation timeout above: two minutes per producer
     * against a broker that hangs. The run is over by then; what a live broker would still do (take
     * unsent messages, record acknowledgements) it does well within this.
     */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /**
     * How often the client folds its producers' and consumers' counts into their stats: the
     * shortest it allows, since the result reads the stats every reporting interval (OMB's driver
     * turns them off; keeping them costs a few counter updates per message).
     */
    private static final int STATS_INTERVAL_SECONDS = 1;

    private PulsarDriverConfig config;
    private PulsarAdmin admin;
    private PulsarClient client;
    private String namespace;
    private final List<StatsReporting> clients = new CopyOnWriteArrayList<>();

    @Override
    public void checkConfiguration(File configurationFile) throws IOException {
        PulsarDriverConfig.read(configurationFile.toPath());
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        config = PulsarDriverConfig.read(configurationFile.toPath());
        ClientConfig settings = config.client();
        try {
            admin = adminBuilder(settings).build();
            namespace = createNamespace(settings);
            client = clientBuilder(settings).build();
            awaitBrokerConnection(settings);
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return config.client().topicType().domain() + "://" + namespace + "/test";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (partitions < 1) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("topic " + topic + ": partitions = " + partitions + ": must be at least 1"));
        }
        if (partitions > 1) {
            return admin.topics().createPartitionedTopicAsync(topic, partitions);
        }
        if (config.client().topicType() == TopicType.PERSISTENT) {
            return admin.topics().createNonPartitionedTopicAsync(topic);
        }
        // a non-partitioned non-persistent topic has no stored state: it exists while clients use it
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        ProducerConfig settings = config.producer();
        ProducerBuilder<byte[]> builder = client.newProducer()
                .topic(topic)
                .enableBatching(settings.batchingEnabled())
                .batchingMaxPublishDelay(settings.batchingMaxPublishDelayMs(), TimeUnit.MILLISECONDS)
                // batches are bounded by bytes and delay only, as in OMB
                .batchingMaxMessages(Integer.MAX_VALUE)
                .batchingMaxBytes(settings.batchingMaxBytes())
                .blockIfQueueFull(settings.blockIfQueueFull())
                .maxPendingMessages(settings.pendingQueueSize())
                // the framework counts a message that is never acknowledged as lost; it must not be failed early
                .sendTimeout(0, TimeUnit.MILLISECONDS);
        if (settings.batchingEnabled() && config.consumer().subscriptionType() == SubscriptionType.Key_Shared) {
            // Key_Shared dispatches whole batches by their key: a batch must hold one key only
            builder.batcherBuilder(BatcherBuilder.KEY_BASED);
        }
        return builder.createAsync().thenApply(producer -> track(new PulsarBenchmarkProducer(producer)));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        ConsumerConfig settings = config.consumer();
        // The client runs the listener of a partitioned topic's consumer on one thread per partition, at
        // the same time; the callback contract is one thread at a time per consumer, hence the lock.
        Object callbackLock = new Object();
        return client.newConsumer()
                .topic(topic)
                .subscriptionName(subscriptionName)
                .subscriptionType(settings.subscriptionType())
                .subscriptionInitialPosition(SubscriptionInitialPosition.Earliest)
                .receiverQueueSize(settings.receiverQueueSize())
                // receiverQueueSize is per partition, as in OMB; do not let the client cap it across partitions
                .maxTotalReceiverQueueSizeAcrossPartitions(Integer.MAX_VALUE)
                .messageListener((Consumer<byte[]> consumer, org.apache.pulsar.client.api.Message<byte[]> message) -> {
                    synchronized (callbackLock) {
                        consumerCallback.messageReceived(message.getData(), message.getPublishTime());
                    }
                    consumer.acknowledgeAsync(message);
                })
                .subscribeAsync()
                .<BenchmarkConsumer>thenApply(consumer -> track(new PulsarBenchmarkConsumer(consumer)))
                .exceptionally(error -> {
                    throw new CompletionException(subscribeFailure(topic, subscriptionName, error));
                });
    }

    private <T extends StatsReporting> T track(T created) {
        clients.add(created);
        return created;
    }

    /** The open producers' and consumers' stats ({@link PulsarClientStats}). */
    @Override
    public void reportClientMetrics(ClientMetricSink sink) {
        clients.forEach(client -> client.reportStats(sink));
    }

    @Override
    public void close() throws Exception {
        try {
            if (client != null) {
                closeClient();
            }
        } finally {
            if (admin != null) {
                admin.close();
            }
        }
    }

    private void closeClient() throws PulsarClientException, InterruptedException {
        try {
            client.closeAsync().get(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // releases threads and connections without waiting for the broker; what was pending fails
            client.shutdown();
        }
    }

    private Throwable subscribeFailure(String topic, String subscriptionName, Throwable error) {
        Throwable cause = unwrap(error);
        if (config.consumer().subscriptionType() == SubscriptionType.Exclusive
                && cause instanceof PulsarClientException.ConsumerBusyException) {
            return new IllegalStateException(config.file() + ": field 'consumer.subscriptionType' = 'Exclusive': "
                    + "subscription '" + subscriptionName + "' on " + topic + " already has a consumer; an Exclusive "
                    + "subscription takes exactly one (use Failover, Shared or Key_Shared for several consumers per subscription)");
        }
        return cause;
    }

    private PulsarAdminBuilder adminBuilder(ClientConfig settings) throws IOException {
        PulsarAdminBuilder builder = PulsarAdmin.builder()
                .serviceHttpUrl(settings.httpUrl())
                .connectionTimeout(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .readTimeout(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .requestTimeout(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        secure(settings, settings.httpUrl().startsWith("https://"), (insecure, verify, certs) -> builder
                .allowTlsInsecureConnection(insecure).enableTlsHostnameVerification(verify).tlsTrustCertsFilePath(certs),
                builder::authentication);
        return builder;
    }

    private ClientBuilder clientBuilder(ClientConfig settings) {
        ClientBuilder builder = PulsarClient.builder()
                .serviceUrl(settings.serviceUrl())
                .ioThreads(settings.ioThreads())
                .connectionsPerBroker(settings.connectionsPerBroker())
                .listenerThreads(Runtime.getRuntime().availableProcessors())
                .maxConcurrentLookupRequests(settings.maxConcurrentLookupRequests())
                .maxLookupRequests(Integer.MAX_VALUE)
                .memoryLimit(settings.clientMemoryLimitMB(), SizeUnit.MEGA_BYTES)
                .statsInterval(STATS_INTERVAL_SECONDS, TimeUnit.SECONDS)
                .connectionTimeout(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .operationTimeout(OPERATION_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        secure(settings, settings.serviceUrl().startsWith("pulsar+ssl://"), (insecure, verify, certs) -> builder
                .allowTlsInsecureConnection(insecure).enableTlsHostnameVerification(verify).tlsTrustCertsFilePath(certs),
                builder::authentication);
        return builder;
    }

    /** The TLS settings of a builder: the admin's and the client's builders share no interface. */
    @FunctionalInterface
    private interface TlsSettings {
        void apply(boolean allowInsecure, boolean verifyHostname, String trustCertsFilePath);
    }

    /** The authentication of a builder. */
    @FunctionalInterface
    private interface AuthenticationSettings {
        void apply(String plugin, String data) throws PulsarClientException.UnsupportedAuthenticationException;
    }

    /** The file's TLS settings when the URL asks for TLS, and its authentication when enabled, on one builder. */
    private void secure(ClientConfig settings, boolean tls, TlsSettings tlsSettings, AuthenticationSettings authentication) {
        if (tls) {
            tlsSettings.apply(settings.tlsAllowInsecureConnection(), settings.tlsEnableHostnameVerification(),
                    settings.tlsTrustCertsFilePath());
        }
        if (settings.authentication().enabled()) {
            try {
                authentication.apply(settings.authentication().plugin(), settings.authentication().data());
            } catch (PulsarClientException.UnsupportedAuthenticationException e) {
                throw unusableAuthentication(e);
            }
        }
    }

    private IllegalArgumentException unusableAuthentication(Exception e) {
        return new IllegalArgumentException(config.file() + ": field 'client.authentication.plugin' = '"
                + config.client().authentication().plugin() + "': " + OneLine.of(e));
    }

    /** Creates {@code <namespacePrefix>-<random>} (and its tenant if missing) with the file's policies. */
    private String createNamespace(ClientConfig settings) throws IOException {
        String created = settings.namespacePrefix() + "-" + HexFormat.of().formatHex(randomBytes(5));
        try {
            String tenant = settings.tenant();
            if (!admin.tenants().getTenants().contains(tenant)) {
                Set<String> clusters = settings.clusterName() != null
                        ? Set.of(settings.clusterName())
                        : new HashSet<>(admin.clusters().getClusters());
                try {
                    admin.tenants().createTenant(tenant,
                            TenantInfo.builder().adminRoles(Set.of()).allowedClusters(clusters).build());
                } catch (PulsarAdminException.ConflictException createdByAnotherWorker) {
                    // several workers initialize at once against one cluster: one of them wins
                }
            }
            admin.namespaces().createNamespace(created);
            Persistence persistence = settings.persistence();
            admin.namespaces().setPersistence(created, new PersistencePolicies(
                    persistence.ensembleSize(), persistence.writeQuorum(), persistence.ackQuorum(), 1.0));
            // a backlog built on purpose (consumers paused) must not make the broker refuse producers
            admin.namespaces().setBacklogQuota(created, BacklogQuota.builder()
                    .limitSize(-1L)
                    .limitTime(-1)
                    .retentionPolicy(BacklogQuota.RetentionPolicy.producer_exception)
                    .build());
            admin.namespaces().setDeduplicationStatus(created, persistence.deduplicationEnabled());
            return created;
        } catch (PulsarAdminException e) {
            throw new IOException(config.file() + ": cannot set up namespace " + created + " through client.httpUrl '"
                    + settings.httpUrl() + "': " + OneLine.of(e), e);
        }
    }

    /**
     * The client connects lazily; a lookup makes an unreachable or wrong {@code serviceUrl} fail
     * here, with one line, instead of at the first producer.
     */
    private void awaitBrokerConnection(ClientConfig settings) throws IOException {
        String probeTopic = getTopicNamePrefix() + "-connection-check";
        try {
            client.getPartitionsForTopic(probeTopic, false).get(CONNECT_CHECK_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (unwrap(e) instanceof PulsarClientException.TopicDoesNotExistException) {
                return; // the broker answered: asking without auto-creation leaves nothing behind
            }
            deleteNamespaceQuietly();
            throw new IOException(config.file() + ": cannot reach client.serviceUrl '" + settings.serviceUrl() + "': "
                    + OneLine.of(e), e);
        } catch (TimeoutException e) {
            deleteNamespaceQuietly();
            throw new IOException(config.file() + ": cannot reach client.serviceUrl '" + settings.serviceUrl()
                    + "': no broker answered within " + CONNECT_CHECK_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to " + settings.serviceUrl(), e);
        }
    }

    private void deleteNamespaceQuietly() {
        try {
            admin.namespaces().deleteNamespace(namespace);
        } catch (PulsarAdminException | RuntimeException e) {
            // best effort: an empty namespace left behind on a broker we could not use
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (Exception e) {
            // initialization already failed; that error is the one to report
        }
        client = null;
        admin = null;
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
