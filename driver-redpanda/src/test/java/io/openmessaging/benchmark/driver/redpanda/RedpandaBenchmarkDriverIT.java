package io.openmessaging.benchmark.driver.redpanda;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redpanda driver over the Kafka protocol against the project's local Kafka broker (Redpanda
 * itself is not installable here; see README.md for what this leaves untested).
 */
class RedpandaBenchmarkDriverIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final byte[] READINESS_PROBE = new byte[0];

    private static LocalBroker broker;

    @TempDir
    Path dir;

    private final Random random = new Random();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = LocalBrokers.start("kafka", LocalBrokers.home());
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void everyShippedDriverFileProducesAndConsumesByteIdenticalMessages() throws Exception {
        List<Path> shipped;
        try (Stream<Path> files = Files.list(Path.of("."))) {
            shipped = files.filter(p -> p.getFileName().toString().matches("redpanda-.*\\.yaml")).sorted().toList();
        }
        assertTrue(shipped.size() >= 9, "shipped driver files: " + shipped);
        for (Path file : shipped) {
            roundTrip(againstLocalBroker(file));
        }
    }

    @Test
    void resetDeletesLeftoverBenchmarkTopics() throws Exception {
        // named as a run names its topics: the prefix, a 7-digit index, a 7-character suffix
        String leftover = "test-topic-0000000-" + UUID.randomUUID().toString().substring(0, 7);
        try (Admin admin = Admin.create(adminProperties())) {
            admin.createTopics(List.of(new NewTopic(leftover, 1, (short) 1))).all().get();
            RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
            driver.initialize(againstLocalBroker(Path.of("redpanda-acks-all.yaml")).toFile(), NullStatsLogger.INSTANCE);
            driver.close();
            assertFalse(admin.listTopics().names().get().contains(leftover));
        }
    }

    @Test
    void unreachableAdminApiFailsInitializeWithOneLine() throws Exception {
        String adminUrl = "http://127.0.0.1:" + FreePorts.next();
        Path file = Files.writeString(dir.resolve("admin.yaml"), "adminUrl: " + adminUrl
                + "\nreplicationFactor: 1\ncommonConfig: |\n  bootstrap.servers=" + bootstrap() + "\n");
        RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
        IOException error = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(IOException.class, () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE)));
        driver.close();
        assertTrue(error.getMessage().contains(adminUrl + "/v1/status/ready"), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    /** One topic with 2 partitions, one producer, one consumer, 60 messages of random bytes. */
    private void roundTrip(Path driverFile) throws Exception {
        RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
        try {
            driver.initialize(driverFile.toFile(), NullStatsLogger.INSTANCE);
            String topic = driver.getTopicNamePrefix() + "-" + UUID.randomUUID();
            driver.createTopic(topic, 2).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            awaitWritable(topic, 2);
            Collector received = new Collector();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub", received).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<byte[]> sent = new ArrayList<>();
            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                byte[] payload = new byte[8 + random.nextInt(1_000)];
                random.nextBytes(payload);
                ByteBuffer.wrap(payload).putLong(i);
                sent.add(payload);
                acks.add(producer.sendAsync(i % 2 == 0 ? Optional.of("key-" + i) : Optional.empty(), payload));
            }
            CompletableFuture.allOf(acks.toArray(new CompletableFuture<?>[0])).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            await(driverFile + ": all " + sent.size() + " messages received").atMost(WAIT)
                    .until(() -> received.messages.size() >= sent.size());
            consumer.close();
            producer.close();
            assertEquals(sent.size(), received.messages.size(), driverFile + ": messages received");
            for (byte[] payload : received.messages) {
                assertArrayEquals(sent.get((int) ByteBuffer.wrap(payload).getLong()), payload, driverFile.toString());
            }
        } finally {
            driver.close();
        }
    }

    /**
     * Returns once each partition of {@code topic} has acknowledged a record with acks=all. Until
     * its leader is ready a partition refuses writes; the driver's producer retries them, except with
     * acks=0 (redpanda-acks-0.yaml), where the client never learns of the refusal and the messages
     * are lost. The records are empty, which the {@link Collector} does not count.
     */
    private static void awaitWritable(String topic, int partitions) throws Exception {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<byte[], byte[]> probe =
                new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<RecordMetadata>> acks = new ArrayList<>();
            for (int partition = 0; partition < partitions; partition++) {
                acks.add(probe.send(new ProducerRecord<>(topic, partition, null, READINESS_PROBE)));
            }
            for (Future<RecordMetadata> ack : acks) {
                ack.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
        }
    }

    /** The shipped file, pointed at the local broker, with replication factor 1 (a single broker). */
    private Path againstLocalBroker(Path shipped) throws IOException {
        String text = Files.readString(shipped)
                .replace("127.0.0.1:9092", bootstrap())
                .replace("${localBroker.bootstrapServers}", bootstrap())
                .replace("replicationFactor: 3", "replicationFactor: 1");
        return Files.writeString(dir.resolve(shipped.getFileName()), text);
    }

    private static String bootstrap() {
        return broker.endpoints().get("bootstrapServers");
    }

    private static Properties adminProperties() {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        return properties;
    }

    private static final class Collector implements ConsumerCallback {
        final ConcurrentLinkedQueue<byte[]> messages = new ConcurrentLinkedQueue<>();

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            if (payload.length > 0) { // the empty records are awaitWritable's
                messages.add(payload);
            }
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            throw new AssertionError("the driver delivers byte arrays");
        }
    }
}
