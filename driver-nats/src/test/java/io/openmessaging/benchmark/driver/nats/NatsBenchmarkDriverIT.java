package io.openmessaging.benchmark.driver.nats;

import static io.brokerbench.testing.RecordingCallback.number;
import static io.brokerbench.testing.RecordingCallback.payload;
import static io.brokerbench.testing.RecordingCallback.tag;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.testing.RecordingCallback;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.nats.client.Connection;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.Nats;
import io.nats.client.PullSubscribeOptions;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.File;
import java.io.IOException;
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
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NatsBenchmarkDriverIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static LocalBroker nats;

    @TempDir
    Path dir;
    private int topics;

    @BeforeAll
    static void startNats() throws Exception {
        nats = LocalBrokers.start("nats", LocalBrokers.home());
    }

    @AfterAll
    static void stopNats() {
        if (nats != null) {
            nats.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pull", "push"})
    void keyedMessagesStayOnOneSubjectInOrderAndUnkeyedOnesGoRoundRobin(String mode) throws Exception {
        try (NatsBenchmarkDriver driver = connect(mode, "")) {
            String topic = newTopic(driver, 3);
            RecordingCallback received = new RecordingCallback();
            driver.createConsumer(topic, "sub", received).join();
            BenchmarkProducer producer = driver.createProducer(topic).join();
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                sent.add(producer.sendAsync(Optional.of("key-" + (i % 4)), payload(i, i % 4, 16)));
            }
            for (int i = 0; i < 30; i++) {
                sent.add(producer.sendAsync(Optional.empty(), payload(1000 + i, 99, 16)));
            }
            CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get();

            RecordingCallback.awaitTotal(List.of(received), 330, WAIT);
            assertEquals(330, received.count());
            Map<Integer, Long> lastPerKey = new HashMap<>();
            for (byte[] p : received.payloads()) {
                if (tag(p) != 99) {
                    Long previous = lastPerKey.put(tag(p), number(p));
                    assertTrue(previous == null || previous < number(p), "key " + tag(p) + " out of order");
                }
            }
            assertFalse(received.calledConcurrently());
            assertSubjects(topic, 3);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pull", "push"})
    void everySubscriptionGetsEveryMessageAndConsumersOfOneSubscriptionShareThem(String mode) throws Exception {
        try (NatsBenchmarkDriver driver = connect(mode, "")) {
            String topic = newTopic(driver, 2);
            RecordingCallback alone = new RecordingCallback();
            driver.createConsumer(topic, "alone", alone).join();
            List<RecordingCallback> shared =
                    List.of(new RecordingCallback(), new RecordingCallback(), new RecordingCallback());
            for (RecordingCallback callback : shared) {
                driver.createConsumer(topic, "shared", callback).join();
            }
            send(driver, topic, 0, 200);

            RecordingCallback.awaitTotal(List.of(alone), 200, WAIT);
            RecordingCallback.awaitTotal(shared, 200, WAIT);
            assertExactlyOnce(List.of(alone), 0, 200);
            assertExactlyOnce(shared, 0, 200);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pull", "push"})
    void aBacklogBuiltWhileNoConsumerRunsIsDrainedByNewConsumersOfTheSubscription(String mode) throws Exception {
        try (NatsBenchmarkDriver driver = connect(mode, "pullWaitMs: 100\n")) {
            String topic = newTopic(driver, 2);
            RecordingCallback first = new RecordingCallback();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub", first).join();
            send(driver, topic, 0, 50);
            RecordingCallback.awaitTotal(List.of(first), 50, WAIT);
            consumer.close();

            send(driver, topic, 50, 250);
            List<RecordingCallback> later = List.of(new RecordingCallback(), new RecordingCallback());
            for (RecordingCallback callback : later) {
                driver.createConsumer(topic, "sub", callback).join();
            }
            RecordingCallback.awaitTotal(later, 200, WAIT);
            assertExactlyOnce(List.of(first), 0, 50);
            assertExactlyOnce(later, 50, 250);
        }
    }

    @Test
    void deliversThePayloadBytesExactlyWithTheStreamTimestamp() throws Exception {
        try (NatsBenchmarkDriver driver = connect("pull", "storageType: Memory\n")) {
            String topic = newTopic(driver, 1);
            RecordingCallback received = new RecordingCallback();
            driver.createConsumer(topic, "sub", received).join();
            BenchmarkProducer producer = driver.createProducer(topic).join();
            Random random = new Random(42);
            List<byte[]> sent = new ArrayList<>();
            for (int size : new int[] {0, 1, 31, 32, 1024, 100_000}) {
                byte[] bytes = new byte[size];
                random.nextBytes(bytes);
                sent.add(bytes);
            }
            long before = System.currentTimeMillis();
            for (byte[] bytes : sent) {
                producer.sendAsync(Optional.empty(), bytes.clone()).get();
            }
            long after = System.currentTimeMillis();
            RecordingCallback.awaitTotal(List.of(received), sent.size(), WAIT);
            List<byte[]> got = received.payloads();
            assertEquals(sent.size(), got.size());
            for (int i = 0; i < sent.size(); i++) {
                assertArrayEquals(sent.get(i), got.get(i), "payload " + i);
            }
            for (long timestamp : received.publishTimestamps()) {
                assertTrue(timestamp >= before - 1_000 && timestamp <= after + 1_000, "stream time " + timestamp);
            }
        }
    }

    @Test
    void aStreamTheServerCannotCreateIsAOneLineErrorNamingStreamAndReason() throws Exception {
        try (NatsBenchmarkDriver replicated = connect("pull", "replicationFactor: 3\n")) {
            String topic = "replicated-" + System.nanoTime();
            CompletionException e = assertThrows(CompletionException.class, () -> replicated.createTopic(topic, 2).join());
            String message = e.getCause().getMessage();
            assertTrue(message.startsWith("cannot create NATS stream '" + topic + "' (replicationFactor=3"), message);
            assertTrue(message.contains("the server says "), message);
            assertFalse(message.contains("\n"), message);
        }
        try (NatsBenchmarkDriver huge = connect("pull", "maxBytes: " + Long.MAX_VALUE / 2 + "\n")) {
            String topic = "huge-" + System.nanoTime();
            CompletionException e = assertThrows(CompletionException.class, () -> huge.createTopic(topic, 1).join());
            String message = e.getCause().getMessage();
            assertTrue(message.startsWith("cannot create NATS stream '" + topic + "'"), message);
            assertTrue(message.contains("err_code"), message);
        }
    }

    @Test
    void anUnreachableServerIsAOneLineErrorAtInitialize() throws Exception {
        File file = driverFile("nats://127.0.0.1:" + FreePorts.next(), "pull", "");
        NatsBenchmarkDriver unreachable = new NatsBenchmarkDriver();
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(15),
                () -> assertThrows(IOException.class, () -> unreachable.initialize(file, NullStatsLogger.INSTANCE)));
        assertTrue(e.getMessage().contains("cannot connect to NATS at nats://127.0.0.1:"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** Reads the stream directly: each key's messages sit on one subject, unkeyed ones spread evenly. */
    private static void assertSubjects(String topic, int partitions) throws Exception {
        try (Connection connection = Nats.connect(nats.endpoints().get("url"))) {
            connection.jetStreamManagement().addOrUpdateConsumer(topic,
                    io.nats.client.api.ConsumerConfiguration.builder().durable("inspect").build());
            JetStreamSubscription sub = connection.jetStream().subscribe(null, PullSubscribeOptions.bind(topic, "inspect"));
            Map<Integer, Set<String>> subjectsPerKey = new HashMap<>();
            Map<String, Integer> unkeyed = new HashMap<>();
            for (Message m : sub.fetch(1_000, Duration.ofSeconds(2))) {
                int tag = tag(m.getData());
                if (tag == 99) {
                    unkeyed.merge(m.getSubject(), 1, Integer::sum);
                } else {
                    subjectsPerKey.computeIfAbsent(tag, k -> new HashSet<>()).add(m.getSubject());
                }
            }
            subjectsPerKey.forEach((key, subjects) -> assertEquals(1, subjects.size(), "key " + key + " on " + subjects));
            assertEquals(partitions, unkeyed.size(), unkeyed.toString());
            unkeyed.values().forEach(count -> assertEquals(30 / partitions, count, unkeyed.toString()));
        }
    }

    private void send(NatsBenchmarkDriver driver, String topic, int from, int to) throws Exception {
        BenchmarkProducer producer = driver.createProducer(topic).join();
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int i = from; i < to; i++) {
            sent.add(producer.sendAsync(Optional.empty(), payload(i, 0, 64)));
        }
        CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get();
        producer.close();
    }

    private static void assertExactlyOnce(List<RecordingCallback> consumers, int from, int to) {
        List<Long> all = new ArrayList<>();
        for (RecordingCallback consumer : consumers) {
            assertFalse(consumer.calledConcurrently());
            consumer.payloads().forEach(p -> all.add(number(p)));
        }
        assertEquals(to - from, all.size(), "messages received");
        assertEquals(to - from, new HashSet<>(all).size(), "distinct messages received");
        assertTrue(all.stream().allMatch(n -> n >= from && n < to), all.toString());
    }

    private String newTopic(NatsBenchmarkDriver driver, int partitions) {
        String topic = driver.getTopicNamePrefix() + "-" + (++topics) + "-" + System.nanoTime();
        driver.createTopic(topic, partitions).join();
        return topic;
    }

    private NatsBenchmarkDriver connect(String mode, String extra) throws Exception {
        NatsBenchmarkDriver driver = new NatsBenchmarkDriver();
        driver.initialize(driverFile(nats.endpoints().get("url"), mode, extra), NullStatsLogger.INSTANCE);
        return driver;
    }

    private File driverFile(String url, String mode, String extra) throws IOException {
        Path file = Files.createTempFile(dir, "nats-", ".yaml");
        Files.writeString(file, "name: NATS\n"
                + "driverClass: " + NatsBenchmarkDriver.class.getName() + "\n"
                + "natsHostUrl: " + url + "\n"
                + "consumerMode: " + mode + "\n"
                + extra);
        return file.toFile();
    }
}
