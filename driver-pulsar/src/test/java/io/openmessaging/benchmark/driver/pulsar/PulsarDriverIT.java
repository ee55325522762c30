package io.openmessaging.benchmark.driver.pulsar;

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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver against a real Pulsar standalone, started once for all tests of this class because a
 * start takes several seconds; every test works in namespaces and topics of its own.
 */
class PulsarDriverIT {

    private static final Duration DELIVERY_DEADLINE = Duration.ofSeconds(60);

    private static LocalBroker pulsar;
    private static PulsarAdmin admin;

    @TempDir
    Path dir;

    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        pulsar = LocalBrokers.start("pulsar", LocalBrokers.home());
        admin = PulsarAdmin.builder().serviceHttpUrl(pulsar.endpoints().get("httpUrl")).build();
    }

    @AfterAll
    static void stopBroker() {
        if (admin != null) {
            admin.close();
        }
        if (pulsar != null) {
            pulsar.close();
        }
    }

    @AfterEach
    void closeEverythingOpened() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    @Test
    void createsPartitionedTopicsWithTheRequestedPartitions() throws Exception {
        PulsarBenchmarkDriver driver = driver("");
        String prefix = driver.getTopicNamePrefix();
        assertTrue(prefix.startsWith("persistent://public/it-"), prefix);

        driver.createTopic(prefix + "-six", 6).join();
        driver.createTopic(prefix + "-one", 1).join();

        assertEquals(6, admin.topics().getPartitionedTopicMetadata(prefix + "-six").partitions);
        assertEquals(0, admin.topics().getPartitionedTopicMetadata(prefix + "-one").partitions);
        assertTrue(admin.topics().getList(namespaceOf(prefix)).contains(prefix + "-one"));
    }

    @Test
    void keyedMessagesArriveInOrderPerKeyOnAPartitionedTopic() throws Exception {
        PulsarBenchmarkDriver driver = driver("");
        String topic = topic(driver, 4);
        Received received = subscribe(driver, topic, "ordered");
        BenchmarkProducer producer = producer(driver, topic);

        int keys = 8;
        int perKey = 250;
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int seq = 0; seq < perKey; seq++) {
            for (int key = 0; key < keys; key++) {
                sends.add(producer.sendAsync(Optional.of("key-" + key), payload(key, seq)));
            }
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).join();

        List<byte[]> messages = received.await(keys * perKey);
        Map<Integer, Integer> nextPerKey = new HashMap<>();
        for (byte[] message : messages) {
            ByteBuffer buffer = ByteBuffer.wrap(message);
            int key = buffer.getInt();
            int seq = buffer.getInt();
            assertEquals(nextPerKey.getOrDefault(key, 0), seq, "order of key " + key);
            nextPerKey.put(key, seq + 1);
        }
        assertEquals(keys, nextPerKey.size());
    }

    @Test
    void everySubscriptionReceivesEveryMessage() throws Exception {
        PulsarBenchmarkDriver driver = driver("");
        String topic = topic(driver, 3);
        List<Received> subscriptions = List.of(
                subscribe(driver, topic, "sub-a"), subscribe(driver, topic, "sub-b"), subscribe(driver, topic, "sub-c"));
        int count = 600;
        sendAll(producer(driver, topic), count);

        for (Received subscription : subscriptions) {
            assertEquals(allIds(count), ids(subscription.await(count)));
        }
    }

    @Test
    void consumersOfOneFailoverSubscriptionTogetherGetEveryMessageOnce() throws Exception {
        PulsarBenchmarkDriver driver = driver("");
        String topic = topic(driver, 4);
        Received first = subscribe(driver, topic, "shared-work");
        Received second = subscribe(driver, topic, "shared-work");
        int count = 1000;
        sendAll(producer(driver, topic), count);

        assertEquals(allIds(count), ids(Received.awaitTogether(count, first, second)));
    }

    @Test
    void consumersOfOneSharedSubscriptionSplitTheMessages() throws Exception {
        // without batching every message is its own entry, so the dispatcher spreads them over both consumers
        PulsarBenchmarkDriver driver = driver("producer:\n  batchingEnabled: false\nconsumer:\n  subscriptionType: Shared\n");
        String topic = topic(driver, 1);
        Received first = subscribe(driver, topic, "shared-work");
        Received second = subscribe(driver, topic, "shared-work");
        int count = 1000;
        sendAll(producer(driver, topic), count);

        assertEquals(allIds(count), ids(Received.awaitTogether(count, first, second)));
        assertFalse(first.messages.isEmpty(), "first consumer got nothing");
        assertFalse(second.messages.isEmpty(), "second consumer got nothing");
    }

    @Test
    void aBacklogBuiltWhileNoConsumerIsConnectedIsDrainedOnceByNewConsumers() throws Exception {
        PulsarBenchmarkDriver driver = driver("consumer:\n  subscriptionType: Shared\n");
        String topic = topic(driver, 2);
        // subscribing creates the durable subscription; closing leaves it, and everything sent next, on the broker
        Received before = new Received();
        driver.createConsumer(topic, "durable", before).join().close();
        int count = 800;
        sendAll(producer(driver, topic), count);
        assertTrue(before.messages.isEmpty());

        Received first = subscribe(driver, topic, "durable");
        Received second = subscribe(driver, topic, "durable");
        assertEquals(allIds(count), ids(Received.awaitTogether(count, first, second)));
    }

    @Test
    void payloadBytesArriveExactlyAsSent() throws Exception {
        PulsarBenchmarkDriver driver = driver("");
        String topic = topic(driver, 1);
        Received received = subscribe(driver, topic, "exact");
        BenchmarkProducer producer = producer(driver, topic);
        Random random = new Random(42);
        List<byte[]> sent = new ArrayList<>();
        for (int size : new int[] {1, 31, 32, 1024, 100_000}) {
            byte[] payload = new byte[size];
            random.nextBytes(payload);
            sent.add(payload);
            producer.sendAsync(Optional.empty(), payload).join();
        }

        List<byte[]> messages = received.await(sent.size());
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(sent.get(i), messages.get(i), "message " + i);
        }
    }

    @Test
    void nonPersistentTopicsCarryMessagesToConnectedConsumers() throws Exception {
        PulsarBenchmarkDriver driver = driver("  topicType: non-persistent\n");
        String prefix = driver.getTopicNamePrefix();
        assertTrue(prefix.startsWith("non-persistent://"), prefix);
        String topic = topic(driver, 2);
        Received received = subscribe(driver, topic, "live");
        int count = 300;
        sendAll(producer(driver, topic), count);

        assertEquals(allIds(count), ids(received.await(count)));
    }

    @Test
    void aSecondConsumerOnAnExclusiveSubscriptionIsAClearError() throws Exception {
        PulsarBenchmarkDriver driver = driver("consumer:\n  subscriptionType: Exclusive\n");
        String topic = topic(driver, 1);
        subscribe(driver, topic, "only-one");

        CompletionException e = assertThrows(CompletionException.class,
                () -> driver.createConsumer(topic, "only-one", new Received()).join());
        String message = e.getCause().getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.contains("field 'consumer.subscriptionType' = 'Exclusive'"), message);
        assertTrue(message.contains("already has a consumer"), message);
    }

    @Test
    void anUnreachableServiceUrlFailsInitializeWithOneLine() throws Exception {
        String deadUrl = "pulsar://127.0.0.1:" + FreePorts.next();
        Path file = driverFile(pulsarYaml(deadUrl, pulsar.endpoints().get("httpUrl"), ""));
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        opened.add(driver);

        // a guard against hanging, not a performance bound: the driver's own limit is 15 s
        IOException e = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains("cannot reach client.serviceUrl '" + deadUrl + "'"), e.getMessage());
    }

    @Test
    void anUnreachableHttpUrlFailsInitializeWithOneLine() throws Exception {
        String deadUrl = "http://127.0.0.1:" + FreePorts.next();
        Path file = driverFile(pulsarYaml(pulsar.endpoints().get("serviceUrl"), deadUrl, ""));
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        opened.add(driver);

        IOException e = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains("client.httpUrl '" + deadUrl + "'"), e.getMessage());
    }

    // ---- helpers ----

    /** A driver on the shared broker; {@code extra} is YAML appended after the client section's keys. */
    private PulsarBenchmarkDriver driver(String extra) throws Exception {
        Path file = driverFile(pulsarYaml(pulsar.endpoints().get("serviceUrl"), pulsar.endpoints().get("httpUrl"), extra));
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        opened.add(driver);
        driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
        return driver;
    }

    /** A driver file for the local standalone broker, plus {@code extra} keys. */
    static String pulsarYaml(String serviceUrl, String httpUrl, String extra) {
        return """
                name: Pulsar
                driverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver
                client:
                  serviceUrl: %s
                  httpUrl: %s
                  ioThreads: 2
                  connectionsPerBroker: 1
                  namespacePrefix: public/it
                  persistence:
                    ensembleSize: 1
                    writeQuorum: 1
                    ackQuorum: 1
                """.formatted(serviceUrl, httpUrl) + extra;
    }

    private Path driverFile(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "pulsar-", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static String topic(PulsarBenchmarkDriver driver, int partitions) {
        String topic = driver.getTopicNamePrefix() + "-" + partitions + "p";
        driver.createTopic(topic, partitions).join();
        return topic;
    }

    private Received subscribe(PulsarBenchmarkDriver driver, String topic, String subscription) {
        Received received = new Received();
        BenchmarkConsumer consumer = driver.createConsumer(topic, subscription, received).join();
        opened.add(consumer);
        return received;
    }

    private BenchmarkProducer producer(PulsarBenchmarkDriver driver, String topic) {
        BenchmarkProducer producer = driver.createProducer(topic).join();
        opened.add(producer);
        return producer;
    }

    private static void sendAll(BenchmarkProducer producer, int count) {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sends.add(producer.sendAsync(Optional.of("key-" + (i % 16)), payload(0, i)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).join();
    }

    private static byte[] payload(int key, int seq) {
        return ByteBuffer.allocate(64).putInt(key).putInt(seq).array();
    }

    /** Message ids (the sequence numbers); a list so that duplicates show as a size mismatch. */
    private static List<Integer> ids(List<byte[]> messages) {
        List<Integer> ids = new ArrayList<>();
        for (byte[] message : messages) {
            ids.add(ByteBuffer.wrap(message).getInt(4));
        }
        ids.sort(null);
        return ids;
    }

    private static List<Integer> allIds(int count) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(i);
        }
        return ids;
    }

    private static String namespaceOf(String topicPrefix) {
        String path = topicPrefix.substring(topicPrefix.indexOf("://") + 3);
        return path.substring(0, path.lastIndexOf('/'));
    }

    /** What one consumer received, in order; also checks the one-thread-at-a-time callback contract. */
    private static final class Received implements ConsumerCallback {
        private final ConcurrentLinkedQueue<byte[]> messages = new ConcurrentLinkedQueue<>();
        private final AtomicReference<Thread> inCallback = new AtomicReference<>();
        private final Set<String> overlaps = ConcurrentHashMap.newKeySet();

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            Thread current = Thread.currentThread();
            Thread other = inCallback.getAndSet(current);
            if (other != null) {
                overlaps.add(other.getName() + " and " + current.getName());
            }
            messages.add(payload);
            inCallback.compareAndSet(current, null);
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            throw new AssertionError("the Pulsar driver delivers byte arrays");
        }

        List<byte[]> await(int count) {
            return awaitTogether(count, this);
        }

        /** Waits until the consumers together hold {@code count} messages; fails when they do not in time. */
        static List<byte[]> awaitTogether(int count, Received... consumers) {
            // qualified: this class's own await(int) hides a static import
            Awaitility.await(count + " messages").atMost(DELIVERY_DEADLINE).until(() -> total(consumers) >= count);
            List<byte[]> all = new ArrayList<>();
            Set<String> overlaps = new HashSet<>();
            for (Received consumer : consumers) {
                all.addAll(consumer.messages);
                overlaps.addAll(consumer.overlaps);
            }
            assertTrue(overlaps.isEmpty(), "callback ran on two threads at once: " + overlaps);
            return all;
        }

        private static int total(Received... consumers) {
            int total = 0;
            for (Received consumer : consumers) {
                total += consumer.messages.size();
            }
            return total;
        }
    }
}
