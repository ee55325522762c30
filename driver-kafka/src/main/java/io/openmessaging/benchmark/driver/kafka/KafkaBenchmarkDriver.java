package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.driver.CommittedReads;
import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.driver.ExistingTopics;
import io.brokerbench.driver.QueueConsumers;
import io.brokerbench.yaml.YamlDocument;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Apache Kafka driver, configured by OMB's Kafka driver YAML (see {@link KafkaDriverConfig}). The
 * class name is OMB's so OMB driver files work unchanged. Every admin call has a deadline, so an
 * unreachable cluster is reported in one line instead of a hang.
 */
public class KafkaBenchmarkDriver implements BenchmarkDriver, ConfigurationCheck, ClientMetrics, CommittedReads,
        ExistingTopics, QueueConsumers {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaBenchmarkDriver.class);
    private static final String TOPIC_PREFIX = "test-topic";
    /** A reachable cluster answers a metadata request in milliseconds; this only bounds the failure case. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    /**
     * How long closing one producer, consumer or admin client may wait for the cluster. Close runs
     * after the run's drain has already waited for acknowledgements, so what is still unsent then
     * is only delivered by a live broker; without a bound, closing against a dead one waits out the
     * client's timeouts (delivery.timeout.ms: 120 s) for each producer.
     */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration VISIBILITY_POLL = Duration.ofMillis(50);

    private final List<AutoCloseable> clients = new CopyOnWriteArrayList<>();
    private final AtomicInteger consumerCount = new AtomicInteger();
    private final AtomicInteger producerCount = new AtomicInteger();
    private volatile KafkaDriverConfig config;
    private volatile TransactionSettings transactions = new TransactionSettings(null, null);
    private volatile ConsumerGroupSettings groups = ConsumerGroupSettings.none();
    /** The share groups whose start offset this driver has set: once per subscription. */
    private final Set<String> configuredShareGroups = ConcurrentHashMap.newKeySet();
    private volatile Admin admin;

    @Override
    public void checkConfiguration(File configurationFile) throws IOException {
        checkedConfiguration(configurationFile);
    }

    private KafkaDriverConfig checkedConfiguration(File configurationFile) throws IOException {
        KafkaDriverConfig parsed = KafkaDriverConfig.read(configurationFile.toPath(), document -> {
            transactions = document.take(TransactionSettings.class);
            groups = document.take(ConsumerGroupSettings.class);
            readExtraKeys(document);
        });
        if (transactions.messagesPerTransaction() == 0
                && parsed.producerProperties().containsKey(ProducerConfig.TRANSACTIONAL_ID_CONFIG)) {
            // without initTransactions every send would fail; OMB's Kafka driver does not run transactions either
            throw new IllegalArgumentException(parsed.file() + ": field 'producerConfig' sets transactional.id without "
                    + "requestsPerTransaction: this driver runs transactions only when requestsPerTransaction is set");
        }
        return parsed;
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException, InterruptedException {
        config = checkedConfiguration(configurationFile);
        beforeConnect(config);
        admin = Admin.create(config.commonProperties());
        awaitCluster();
        if (config.reset()) {
            deleteLeftoverTopics();
        }
    }

    /**
     * Hook for drivers built on this one: takes their own top-level keys out of the driver file
     * ({@link YamlDocument#take}) before the Kafka keys are bound (a key no one declares is
     * rejected).
     */
    protected void readExtraKeys(YamlDocument driverFile) {
    }

    /** Hook for drivers built on this one, called after the file is read and before Kafka is contacted. */
    protected void beforeConnect(KafkaDriverConfig config) throws IOException, InterruptedException {
    }

    private void awaitCluster() throws IOException, InterruptedException {
        try {
            admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) CONNECT_TIMEOUT.toMillis()))
                    .clusterId().get(CONNECT_TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot reach Kafka at bootstrap.servers=" + config.bootstrapServers() + " (from "
                    + config.file() + ") within " + CONNECT_TIMEOUT.toSeconds() + " s: " + OneLine.of(e));
        }
    }

    /**
     * Whether {@code topic} is one a benchmark run made: the prefix, a 7-digit index and a 7-character
     * random suffix, as the harness (and OMB) name their topics. A topic that merely starts with the prefix
     * may be a user's, named in a workload's {@code existingTopicList}: reset never deletes it.
     */
    static boolean isLeftover(String topic, String prefix) {
        return topic.startsWith(prefix) && topic.substring(prefix.length()).matches("-[0-9]{7}-[A-Za-z0-9_-]{7}");
    }

    private void deleteLeftoverTopics() throws IOException, InterruptedException {
        try {
            Set<String> names = admin.listTopics(new ListTopicsOptions().timeoutMs((int) ADMIN_TIMEOUT.toMillis()))
                    .names().get();
            List<String> leftovers = names.stream().filter(name -> isLeftover(name, getTopicNamePrefix())).toList();
            if (!leftovers.isEmpty()) {
                LOG.info("reset: deleting {} leftover topics with prefix {}", leftovers.size(), getTopicNamePrefix());
                admin.deleteTopics(leftovers, new DeleteTopicsOptions().timeoutMs((int) ADMIN_TIMEOUT.toMillis()))
                        .all().get();
            }
        } catch (ExecutionException e) {
            throw new IOException("reset: deleting leftover '" + getTopicNamePrefix() + "*' topics on bootstrap.servers="
                    + config.bootstrapServers() + " failed: " + OneLine.of(e));
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return TOPIC_PREFIX;
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return createTopics(List.of(new TopicInfo(topic, partitions)));
    }

    /** One admin request for all topics (workloads may ask for hundreds); completes once every partition has a leader. */
    @Override
    public CompletableFuture<Void> createTopics(List<TopicInfo> topicInfos) {
        List<NewTopic> newTopics = topicInfos.stream()
                .map(info -> new NewTopic(info.getTopic(), Optional.of(info.getPartitions()), config.topicReplicationFactor())
                        .configs(config.topicSettings()))
                .toList();
        List<String> names = topicInfos.stream().map(TopicInfo::getTopic).toList();
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        CreateTopicsOptions options = new CreateTopicsOptions().timeoutMs((int) ADMIN_TIMEOUT.toMillis());
        return admin.createTopics(newTopics, options).all().toCompletionStage().toCompletableFuture()
                .thenCompose(created -> awaitLeaders(names, deadline))
                .handle((done, error) -> {
                    if (error != null) {
                        throw new CompletionException(new IllegalStateException("creating " + describe(names)
                                + " on bootstrap.servers=" + config.bootstrapServers() + " failed: " + OneLine.of(error)));
                    }
                    return done;
                });
    }

    /** One describe request per topic, so that a missing topic is told apart from a failed request. */
    @Override
    public CompletableFuture<Map<String, Integer>> partitionsOf(List<String> topics) {
        Map<String, CompletableFuture<TopicDescription>> pending = new LinkedHashMap<>();
        DescribeTopicsOptions options = new DescribeTopicsOptions().timeoutMs((int) ADMIN_TIMEOUT.toMillis());
        admin.describeTopics(topics, options).topicNameValues().forEach((name, future) ->
                pending.put(name, future.toCompletionStage().toCompletableFuture()));
        return CompletableFuture.allOf(pending.values().stream()
                        .map(future -> future.handle((described, error) -> null)).toArray(CompletableFuture<?>[]::new))
                .thenApply(all -> {
                    Map<String, Integer> partitions = new LinkedHashMap<>();
                    for (String topic : topics) {
                        CompletableFuture<TopicDescription> future = pending.get(topic);
                        try {
                            partitions.put(topic, future.join().partitions().size());
                        } catch (CompletionException e) {
                            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                                throw new CompletionException(new IllegalStateException("describing topic " + topic
                                        + " on bootstrap.servers=" + config.bootstrapServers() + " failed: " + OneLine.of(e)));
                            }
                        }
                    }
                    return partitions;
                });
    }

    /** The controller has committed the topics; producers and consumers need the broker's metadata to show leaders. */
    private CompletableFuture<Void> awaitLeaders(Collection<String> names, long deadline) {
        return admin.describeTopics(names).allTopicNames().toCompletionStage().toCompletableFuture()
                .handle((described, error) -> {
                    if (error == null && allPartitionsLed(described)) {
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    if (System.nanoTime() > deadline) {
                        return CompletableFuture.<Void>failedFuture(error != null ? error
                                : new TimeoutException("partitions without leader after " + ADMIN_TIMEOUT.toSeconds() + " s"));
                    }
                    return CompletableFuture.runAsync(() -> { },
                            CompletableFuture.delayedExecutor(VISIBILITY_POLL.toMillis(), TimeUnit.MILLISECONDS))
                            .thenCompose(waited -> awaitLeaders(names, deadline));
                })
                .thenCompose(next -> next);
    }

    private static boolean allPartitionsLed(Map<String, TopicDescription> described) {
        return described.values().stream()
                .allMatch(topic -> topic.partitions().stream().allMatch(partition -> partition.leader() != null));
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        Properties properties = config.producerProperties();
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        // send() blocks the load thread while the topic's metadata is unknown, as after the broker died and the
        // client re-bootstrapped; Kafka's 60 s default holds up stopping the load (and the run's end) for a minute
        properties.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(CONNECT_TIMEOUT.toMillis()));
        boolean transactional = transactions.messagesPerTransaction() > 0;
        if (transactional) {
            // each producer needs its own transactional.id, or the broker fences all but the newest
            String prefix = properties.getProperty(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "brokerbench");
            properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, prefix + "-" + UUID.randomUUID());
        }
        KafkaProducer<String, byte[]> kafkaProducer;
        try {
            kafkaProducer = new KafkaProducer<>(properties);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    config.file() + ": producerConfig/commonConfig: " + OneLine.of(e), e));
        }
        if (!transactional) {
            return CompletableFuture.completedFuture(track(new KafkaBenchmarkProducer(kafkaProducer, topic)));
        }
        try {
            return CompletableFuture.completedFuture(track(new TransactionalKafkaProducer(kafkaProducer, topic,
                    transactions, "kafka-tx-commit-" + producerCount.incrementAndGet())));
        } catch (RuntimeException e) {
            kafkaProducer.close(Duration.ZERO);
            return CompletableFuture.failedFuture(new IllegalStateException("starting transactions on bootstrap.servers="
                    + config.bootstrapServers() + " failed: " + OneLine.of(e), e));
        }
    }

    private <T extends AutoCloseable> T track(T client) {
        clients.add(client);
        return client;
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback) {
        if (groups.shareGroup()) {
            return createShareConsumer(topic, subscriptionName, consumerCallback);
        }
        Properties properties = config.consumerProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, subscriptionName);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        // a subscription must see messages published before its first poll: the framework starts producing right away
        properties.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // the driver commits every auto.commit.interval.ms (and before a rebalance), so auto-commit is off unless the
        // file turns it on
        properties.putIfAbsent(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        boolean commitOffsets = !Boolean.parseBoolean(properties.getProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG));
        try {
            KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties);
            return CompletableFuture.completedFuture(track(new KafkaBenchmarkConsumer(consumer,
                    topic, consumerCallback, commitOffsets, commitInterval(properties),
                    "kafka-consumer-" + consumerCount.incrementAndGet() + "-" + subscriptionName)));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    config.file() + ": consumerConfig/commonConfig: " + OneLine.of(e), e));
        }
    }

    /**
     * A member of the share group named after the subscription. consumerConfig keys a share consumer does
     * not take (those of consumer groups: auto.offset.reset, enable.auto.commit, isolation.level, ...) are
     * Kafka's own one-line error naming the file.
     */
    private CompletableFuture<BenchmarkConsumer> createShareConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback) {
        Properties properties = config.consumerProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, subscriptionName);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, groups.explicitAcknowledgement() ? "explicit" : "implicit");
        try {
            configureShareGroup(subscriptionName);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        try {
            KafkaShareConsumer<String, byte[]> consumer = new KafkaShareConsumer<>(properties);
            return CompletableFuture.completedFuture(track(new KafkaShareBenchmarkConsumer(consumer, topic,
                    consumerCallback, groups.explicitAcknowledgement() ? groups.dispositions() : null, groups.deliveryLimit(), groups.stalls(),
                    "kafka-share-consumer-" + consumerCount.incrementAndGet() + "-" + subscriptionName)));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    config.file() + ": consumerConfig/commonConfig (consumerMode: shareGroup): " + OneLine.of(e), e));
        }
    }

    /**
     * A share group starts at the latest offset unless its group config says otherwise; a subscription
     * must see messages published before its first poll (the framework starts producing right away), as
     * the driver's consumer groups do with auto.offset.reset=earliest. Its delivery count limit is set
     * too, so that the driver knows which release of a record is its last (the broker archives it then),
     * and the record lock's duration when the driver file gives one.
     */
    private void configureShareGroup(String group) throws IOException, InterruptedException {
        if (!configuredShareGroups.add(group)) {
            return;
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("share.auto.offset.reset", "earliest");
        settings.put("share.delivery.count.limit", Integer.toString(groups.deliveryLimit()));
        if (groups.recordLockDurationMs() != null) {
            settings.put("share.record.lock.duration.ms", groups.recordLockDurationMs().toString());
        }
        List<AlterConfigOp> operations = settings.entrySet().stream()
                .map(e -> new AlterConfigOp(new ConfigEntry(e.getKey(), e.getValue()), AlterConfigOp.OpType.SET))
                .toList();
        ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
        try {
            admin.incrementalAlterConfigs(Map.of(resource, operations),
                    new AlterConfigsOptions().timeoutMs((int) ADMIN_TIMEOUT.toMillis())).all().get();
        } catch (ExecutionException e) {
            configuredShareGroups.remove(group);
            throw new IOException(config.file() + ": setting " + settings + " on share group " + group
                    + " (bootstrap.servers=" + config.bootstrapServers() + ") failed: " + OneLine.of(e));
        }
    }

    /**
     * Kafka's own key for how often offsets are committed, honoured by the driver's commits too; the
     * consumer has validated it (a whole number, at least 0) by the time this reads it.
     */
    private static Duration commitInterval(Properties consumerProperties) {
        Object value = consumerProperties.get(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG);
        if (value == null) {
            value = ConsumerConfig.configDef().defaultValues().get(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG);
        }
        return Duration.ofMillis(Long.parseLong(value.toString().trim()));
    }

    /** The producers' and consumers' own metrics ({@link KafkaClientMetrics}); closed clients report none. */
    @Override
    public void reportClientMetrics(ClientMetricSink sink) {
        for (AutoCloseable client : clients) {
            if (client instanceof MeteredKafkaClient metered) {
                KafkaClientMetrics.report(metered, metered.metrics(), sink);
            }
            if (client instanceof TransactionalKafkaProducer transactional) {
                transactional.reportTransactions(sink);
            }
            if (client instanceof KafkaShareBenchmarkConsumer share) {
                share.reportRefusedAcknowledgements(sink);
            }
        }
    }

    /** A share group's members take records from a queue: no order, redelivery after a release or a lock timeout. */
    @Override
    public boolean consumersFollowQueueRules() {
        return groups.shareGroup();
    }

    /** Kafka's consumers read only committed data with {@code isolation.level=read_committed}. */
    @Override
    public boolean consumersReadCommittedOnly() {
        return "read_committed".equalsIgnoreCase(String.valueOf(
                config.consumerProperties().getProperty(ConsumerConfig.ISOLATION_LEVEL_CONFIG)).strip());
    }

    @Override
    public void close() throws Exception {
        // consumers first: they stop polling before the topics' producers go away
        for (AutoCloseable client : clients) {
            if (client instanceof BenchmarkConsumer) {
                closeQuietly(client);
            }
        }
        for (AutoCloseable client : clients) {
            if (!(client instanceof BenchmarkConsumer)) {
                closeQuietly(client);
            }
        }
        clients.clear();
        if (admin != null) {
            admin.close(CLOSE_TIMEOUT);
        }
    }

    private static void closeQuietly(AutoCloseable client) {
        try {
            client.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("closing {} failed", client, e);
        }
    }

    private static String describe(List<String> names) {
        return names.size() == 1 ? "topic " + names.get(0) : names.size() + " topics (" + names.get(0) + ", ...)";
    }
}
