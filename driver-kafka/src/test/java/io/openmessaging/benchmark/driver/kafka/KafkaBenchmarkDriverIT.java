package io.openmessaging.benchmark.driver.kafka;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver against a real single-node Kafka started by the project's launcher. */
class KafkaBenchmarkDriverIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static LocalBroker broker;
    private static Admin admin;

    @TempDir
    Path dir;

    private final List<KafkaBenchmarkDriver> drivers = new ArrayList<>();
    private final Random random = new Random();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = LocalBrokers.start("kafka", LocalBrokers.home());
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        admin = Admin.create(properties);
    }

    @AfterAll
    static void stopBroker() {
        if (admin != null) {
            admin.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @AfterEach
    void closeDrivers() throws Exception {
        for (KafkaBenchmarkDriver driver : drivers) {
            driver.close();
        }
    }

    @Test
    void createsTopicWithRequestedPartitionsAndTopicConfig() throws Exception {
        KafkaBenchmarkDriver driver = driver("topicConfig: |\n  retention.ms=123456\n");
        String topic = newTopicName();
        driver.createTopic(topic, 5).get(WAIT.toSeconds(), TimeUnit.SECONDS);

        TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
        assertEquals(5, description.partitions().size());
        assertEquals(1, description.partitions().get(0).replicas().size());
        String retention = admin.describeConfigs(List.of(new org.apache.kafka.common.config.ConfigResource(
                org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic))).all().get().values().iterator().next()
                .get("retention.ms").value();
        assertEquals("123456", retention);
    }

    @Test
    void keyedMessagesGoToTheKeysPartitionWithIdenticalPayloads() throws Exception {
        KafkaBenchmarkDriver driver = driver("");
        String topic = newTopicName();
        int partitions = 4;
        driver.createTopic(topic, partitions).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        BenchmarkProducer producer = driver.createProducer(topic).get();
        Map<String, byte[]> sent = new HashMap<>();
        List<CompletableFuture<Void>> acks = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            String key = "key-" + (i % 12);
            byte[] payload = payload(i);
            sent.put(Integer.toString(i), payload);
            acks.add(producer.sendAsync(Optional.of(key), payload));
        }
        CompletableFuture.allOf(acks.toArray(new CompletableFuture<?>[0])).get(WAIT.toSeconds(), TimeUnit.SECONDS);

        List<ConsumerRecord<String, byte[]>> records = readAll(topic, partitions, sent.size());
        assertEquals(sent.size(), records.size());
        for (ConsumerRecord<String, byte[]> record : records) {
            int expected = Utils.toPositive(Utils.murmur2(record.key().getBytes(StandardCharsets.UTF_8))) % partitions;
            assertEquals(expected, record.partition(), "partition of " + record.key());
            assertArrayEquals(sent.get(idOf(record.value())), record.value());
        }
    }

    @Test
    void everySubscriptionReceivesEveryMessageOnceAndByteIdentical() throws Exception {
        KafkaBenchmarkDriver driver = driver("");
        String topic = newTopicName();
        driver.createTopic(topic, 3).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        Collector first = new Collector();
        Collector second = new Collector();
        BenchmarkConsumer firstConsumer = driver.createConsumer(topic, "sub-a", first).get();
        BenchmarkConsumer secondConsumer = driver.createConsumer(topic, "sub-b", second).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();

        Map<String, byte[]> sent = publish(producer, 300, false);

        await("both subscriptions complete").atMost(WAIT).until(() -> first.count() >= sent.size() && second.count() >= sent.size());
        firstConsumer.close();
        secondConsumer.close();
        first.assertExactly(sent);
        second.assertExactly(sent);
    }

    @Test
    void consumersOfOneSubscriptionShareTheMessagesExactlyOnce() throws Exception {
        KafkaBenchmarkDriver driver = driver("");
        String topic = newTopicName();
        driver.createTopic(topic, 6).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        String subscription = "shared-" + UUID.randomUUID();
        List<Collector> collectors = List.of(new Collector(), new Collector(), new Collector());
        List<BenchmarkConsumer> consumers = new ArrayList<>();
        for (Collector collector : collectors) {
            consumers.add(driver.createConsumer(topic, subscription, collector).get());
        }
        // produce only once the group has settled, so that every member owns partitions
        await("3 members with partitions").atMost(WAIT).until(() -> everyMemberAssigned(subscription, collectors.size()));
        BenchmarkProducer producer = driver.createProducer(topic).get();

        Map<String, byte[]> sent = publish(producer, 600, true);

        await("all messages consumed").atMost(WAIT).until(() -> collectors.stream().mapToInt(Collector::count).sum() >= sent.size());
        for (BenchmarkConsumer consumer : consumers) {
            consumer.close();
        }
        Collector union = new Collector();
        for (Collector collector : collectors) {
            assertTrue(collector.count() > 0, "a consumer got nothing: " + collectors.stream().map(Collector::count).toList());
            union.received.addAll(collector.received);
        }
        union.assertExactly(sent);
    }

    @Test
    void aShareGroupSpreadsOnePartitionOverMoreConsumersThanPartitionsExactlyOnce() throws Exception {
        for (String mode : List.of("implicit", "explicit")) {
            KafkaBenchmarkDriver driver = driver("consumerMode: shareGroup\nacknowledgementMode: " + mode + "\n");
            String topic = newTopicName();
            driver.createTopic(topic, 1).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            String subscription = "share-" + UUID.randomUUID();
            List<Collector> collectors = List.of(new Collector(), new Collector(), new Collector(), new Collector());
            List<BenchmarkConsumer> consumers = new ArrayList<>();
            for (Collector collector : collectors) {
                consumers.add(driver.createConsumer(topic, subscription, collector).get());
            }
            // produce only once every member has the partition: members join over a few heartbeats
            await("4 share group members with the partition (" + mode + ")").atMost(WAIT)
                    .until(() -> everyShareMemberAssigned(subscription, collectors.size()));
            BenchmarkProducer producer = driver.createProducer(topic).get();

            // in bursts, so that the members' fetches take turns at the one partition
            Map<String, byte[]> sent = new HashMap<>();
            for (int burst = 0; burst < 20; burst++) {
                sent.putAll(publish(producer, burst * 50, 50, false));
                Thread.sleep(100);
            }

            await("all messages consumed (" + mode + ")").atMost(WAIT)
                    .until(() -> collectors.stream().mapToInt(Collector::count).sum() >= sent.size());
            for (BenchmarkConsumer consumer : consumers) {
                consumer.close();
            }
            Collector union = new Collector();
            collectors.forEach(collector -> union.received.addAll(collector.received));
            union.assertExactly(sent);
            // a consumer group would leave all but one member of a one-partition topic idle
            long working = collectors.stream().filter(collector -> collector.count() > 0).count();
            assertTrue(working >= 2, mode + ": one partition, consumers with messages: "
                    + collectors.stream().map(Collector::count).toList());
        }
    }

    @Test
    void offsetsAreCommittedOncePerCommitIntervalNotEveryPollAndWhenTheConsumerCloses() throws Exception {
        OneConsumer one = oneConsumerCommittingEvery(600_000);

        // two batches, so that a commit per poll would have been sent before the second one arrived
        publish(one.producer(), 50, false);
        await("first batch consumed").atMost(WAIT).until(() -> one.collector().count() >= 50);
        publish(one.producer(), 50, false);
        await("second batch consumed").atMost(WAIT).until(() -> one.collector().count() >= 100);
        await("nothing committed within the interval").during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5))
                .until(() -> committedOffsets(one.subscription()).isEmpty());

        one.consumer().close();
        assertEquals(Map.of(new TopicPartition(one.topic(), 0), 100L), committedOffsets(one.subscription()));
    }

    @Test
    void aZeroCommitIntervalCommitsAfterEveryPollAsOmbsDriverDoes() throws Exception {
        OneConsumer one = oneConsumerCommittingEvery(0);

        publish(one.producer(), 100, false);

        await("offsets committed while the consumer runs").atMost(WAIT).until(() ->
                Map.of(new TopicPartition(one.topic(), 0), 100L).equals(committedOffsets(one.subscription())));
    }

    /** A new topic of one partition, one consumer of a new subscription on it, and a producer. */
    private record OneConsumer(String topic, String subscription, Collector collector, BenchmarkConsumer consumer,
            BenchmarkProducer producer) {
    }

    private OneConsumer oneConsumerCommittingEvery(long commitIntervalMillis) throws Exception {
        KafkaBenchmarkDriver driver = driver("consumerConfig: |\n  auto.commit.interval.ms=" + commitIntervalMillis + "\n");
        String topic = newTopicName();
        driver.createTopic(topic, 1).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        String subscription = "commits-" + UUID.randomUUID();
        Collector collector = new Collector();
        BenchmarkConsumer consumer = driver.createConsumer(topic, subscription, collector).get();
        return new OneConsumer(topic, subscription, collector, consumer, driver.createProducer(topic).get());
    }

    @Test
    void resetDeletesOnlyLeftoverBenchmarkTopics() throws Exception {
        // named as a run names its topics: the prefix, a 7-digit index, a 7-character suffix
        String leftover = "test-topic-0000000-" + UUID.randomUUID().toString().substring(0, 7);
        String foreign = "other-topic-" + UUID.randomUUID();
        // a user's topic that merely starts with the prefix (one named in a workload's existingTopicList)
        String users = "test-topic-orders-" + UUID.randomUUID();
        admin.createTopics(List.of(new NewTopic(leftover, 1, (short) 1), new NewTopic(foreign, 1, (short) 1),
                new NewTopic(users, 1, (short) 1))).all().get();

        driver("");

        // the deletion is committed when reset returns; the broker's metadata that listTopics reads follows a moment later
        await("leftover benchmark topic deleted").atMost(Duration.ofSeconds(30))
                .until(() -> !admin.listTopics().names().get().contains(leftover));
        assertTrue(admin.listTopics().names().get().contains(foreign), "a topic without the benchmark prefix was deleted");
        assertTrue(admin.listTopics().names().get().contains(users), "a user's topic with the prefix was deleted");
    }

    @Test
    void unreachableBootstrapFailsWithOneLineMessageInBoundedTime() throws Exception {
        String nobody = "127.0.0.1:" + FreePorts.next();
        Path file = Files.writeString(dir.resolve("unreachable.yaml"),
                "replicationFactor: 1\nreset: true\ncommonConfig: |\n  bootstrap.servers=" + nobody + "\n");
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        drivers.add(driver);
        IOException error = assertTimeoutPreemptively(Duration.ofSeconds(45),
                () -> assertThrows(IOException.class, () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE)));
        assertTrue(error.getMessage().contains("bootstrap.servers=" + nobody), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    @Test
    void badProducerConfigFailsTheProducerWithTheFileInTheMessage() throws Exception {
        KafkaBenchmarkDriver driver = driver("producerConfig: |\n  compression.type=bogus\n");
        Exception error = assertThrows(Exception.class, () -> driver.createProducer(newTopicName()).join());
        assertTrue(error.getCause() instanceof IllegalArgumentException, error.toString());
        assertTrue(error.getCause().getMessage().contains("compression.type"), error.getCause().getMessage());
    }

    private KafkaBenchmarkDriver driver(String extraYaml) throws Exception {
        Path file = Files.writeString(dir.resolve("kafka-" + UUID.randomUUID() + ".yaml"),
                "name: test\nreplicationFactor: 1\nreset: true\ncommonConfig: |\n  bootstrap.servers=" + bootstrap()
                        + "\n" + extraYaml);
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        drivers.add(driver);
        driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
        return driver;
    }

    private static String bootstrap() {
        return broker.endpoints().get("bootstrapServers");
    }

    private static String newTopicName() {
        return "test-topic-" + UUID.randomUUID();
    }

    /** Payloads of varied sizes and random bytes; the first 8 bytes carry the message id. */
    private byte[] payload(int id) {
        byte[] payload = new byte[8 + random.nextInt(2_000)];
        random.nextBytes(payload);
        ByteBuffer.wrap(payload).putLong(id);
        return payload;
    }

    private static String idOf(byte[] payload) {
        return Long.toString(ByteBuffer.wrap(payload).getLong());
    }

    private Map<String, byte[]> publish(BenchmarkProducer producer, int count, boolean keyed) throws Exception {
        return publish(producer, 0, count, keyed);
    }

    /** Messages with ids {@code from} .. {@code from + count - 1}. */
    private Map<String, byte[]> publish(BenchmarkProducer producer, int from, int count, boolean keyed) throws Exception {
        Map<String, byte[]> sent = new HashMap<>();
        List<CompletableFuture<Void>> acks = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            byte[] payload = payload(i);
            sent.put(Integer.toString(i), payload.clone());
            acks.add(producer.sendAsync(keyed ? Optional.of("k" + i) : Optional.empty(), payload));
        }
        CompletableFuture.allOf(acks.toArray(new CompletableFuture<?>[0])).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        return sent;
    }

    private static List<ConsumerRecord<String, byte[]>> readAll(String topic, int partitions, int expected) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> all = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                all.add(new TopicPartition(topic, p));
            }
            consumer.assign(all);
            consumer.seekToBeginning(all);
            // a KafkaConsumer refuses calls from any thread but its own
            await(expected + " records of " + topic).atMost(WAIT).pollInSameThread().until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= expected;
            });
        }
        return records;
    }

    private static Map<TopicPartition, Long> committedOffsets(String group) throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
                .forEach((partition, offset) -> offsets.put(partition, offset.offset()));
        return offsets;
    }

    private static boolean everyMemberAssigned(String group, int members) {
        try {
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            return description.members().size() == members
                    && description.members().stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty());
        } catch (Exception notYetKnown) {
            return false;
        }
    }

    private static boolean everyShareMemberAssigned(String group, int members) {
        try {
            ShareGroupDescription description = admin.describeShareGroups(List.of(group)).all().get().get(group);
            return description.members().size() == members
                    && description.members().stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty());
        } catch (Exception notYetKnown) {
            return false;
        }
    }

    private static void assertArrayEquals(byte[] expected, byte[] actual) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual);
    }

    /** Records every payload a consumer delivers. */
    private static final class Collector implements ConsumerCallback {
        final ConcurrentLinkedQueue<byte[]> received = new ConcurrentLinkedQueue<>();

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            received.add(payload);
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            throw new AssertionError("the Kafka driver delivers byte arrays");
        }

        int count() {
            return received.size();
        }

        void assertExactly(Map<String, byte[]> sent) {
            Set<String> seen = new HashSet<>();
            for (byte[] payload : received) {
                String id = idOf(payload);
                assertTrue(seen.add(id), "message " + id + " delivered twice");
                byte[] expected = sent.get(id);
                if (expected == null) {
                    fail("unexpected message " + id);
                }
                assertArrayEquals(expected, payload);
            }
            assertEquals(sent.size(), seen.size(), "messages delivered");
        }
    }
}
