package io.openmessaging.benchmark.driver.redis;

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
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XReadParams;
import redis.clients.jedis.resps.StreamEntryBinary;

class RedisBenchmarkDriverIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static LocalBroker redis;

    @TempDir
    Path dir;
    private RedisBenchmarkDriver driver;
    private int topics;

    @BeforeAll
    static void startRedis() throws Exception {
        redis = LocalBrokers.start("redis", LocalBrokers.home());
    }

    @AfterAll
    static void stopRedis() {
        if (redis != null) {
            redis.close();
        }
    }

    @BeforeEach
    void connect() throws Exception {
        driver = new RedisBenchmarkDriver();
        driver.initialize(driverFile(redis.endpoints().get("port"), redis.endpoints().get("password"), "producerBatchSize: 16\n"),
                NullStatsLogger.INSTANCE);
    }

    @AfterEach
    void disconnect() throws Exception {
        driver.close();
    }

    @Test
    void keyedMessagesStayOnOneStreamInOrderAndUnkeyedOnesGoRoundRobin() throws Exception {
        String topic = newTopic(3);
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

        try (Jedis jedis = jedis()) {
            Map<Integer, Set<Integer>> streamsPerKey = new HashMap<>();
            for (int partition = 0; partition < 3; partition++) {
                int unkeyed = 0;
                for (StreamEntryBinary entry : readWholeStream(jedis, topic + ":" + partition)) {
                    byte[] p = entry.getFields().values().iterator().next();
                    if (tag(p) == 99) {
                        unkeyed++;
                    } else {
                        streamsPerKey.computeIfAbsent(tag(p), k -> new HashSet<>()).add(partition);
                    }
                }
                assertEquals(10, unkeyed, "round robin over 3 streams, stream " + partition);
            }
            streamsPerKey.forEach((key, streams) -> assertEquals(1, streams.size(), "key " + key + " in " + streams));
        }
    }

    @Test
    void everySubscriptionGetsEveryMessageAndConsumersOfOneSubscriptionShareThem() throws Exception {
        String topic = newTopic(2);
        RecordingCallback alone = new RecordingCallback();
        driver.createConsumer(topic, "alone", alone).join();
        List<RecordingCallback> shared = List.of(new RecordingCallback(), new RecordingCallback(), new RecordingCallback());
        for (RecordingCallback callback : shared) {
            driver.createConsumer(topic, "shared", callback).join();
        }
        send(topic, 0, 200);

        RecordingCallback.awaitTotal(List.of(alone), 200, WAIT);
        RecordingCallback.awaitTotal(shared, 200, WAIT);
        assertExactlyOnce(List.of(alone), 0, 200);
        assertExactlyOnce(shared, 0, 200);
    }

    @Test
    void aBacklogBuiltWhileNoConsumerRunsIsDrainedByNewConsumersOfTheSubscription() throws Exception {
        String topic = newTopic(2);
        RecordingCallback first = new RecordingCallback();
        BenchmarkConsumer consumer = driver.createConsumer(topic, "sub", first).join();
        send(topic, 0, 50);
        RecordingCallback.awaitTotal(List.of(first), 50, WAIT);
        consumer.close();

        send(topic, 50, 250);
        List<RecordingCallback> later = List.of(new RecordingCallback(), new RecordingCallback());
        for (RecordingCallback callback : later) {
            driver.createConsumer(topic, "sub", callback).join();
        }
        RecordingCallback.awaitTotal(later, 200, WAIT);
        assertExactlyOnce(List.of(first), 0, 50);
        assertExactlyOnce(later, 50, 250);
    }

    @Test
    void trimConsumedRemovesWhatEveryGroupWasHandedAndKeepsWhatOneHasNotRead() throws Exception {
        RedisBenchmarkDriver trimming = new RedisBenchmarkDriver();
        trimming.initialize(driverFile(redis.endpoints().get("port"), redis.endpoints().get("password"),
                "trimConsumed: true\n"), NullStatsLogger.INSTANCE);
        try (Jedis jedis = jedis()) {
            String topic = driver.getTopicNamePrefix() + "-trim-" + System.nanoTime();
            trimming.createTopic(topic, 1).join();
            RecordingCallback fast = new RecordingCallback();
            trimming.createConsumer(topic, "fast", fast).join();
            RecordingCallback slowFirst = new RecordingCallback();
            BenchmarkConsumer slow = trimming.createConsumer(topic, "slow", slowFirst).join();
            sendWith(trimming, topic, 0, 500);
            RecordingCallback.awaitTotal(List.of(slowFirst), 500, WAIT);
            slow.close(); // the slow group stops at 500: nothing after it may go

            sendWith(trimming, topic, 500, 2_000);
            RecordingCallback.awaitTotal(List.of(fast), 2_000, WAIT);
            String stream = topic + ":0";
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (jedis.xlen(stream) > 1_600 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            long left = jedis.xlen(stream);
            // "~" removes whole nodes (at most 100 entries each) below the slow group's last entry, 499
            assertTrue(left <= 1_600 && left >= 1_501, "most of 0-498 trimmed, 499 on kept: " + left);

            RecordingCallback slowLater = new RecordingCallback();
            trimming.createConsumer(topic, "slow", slowLater).join();
            RecordingCallback.awaitTotal(List.of(slowLater), 1_500, WAIT);
            assertExactlyOnce(List.of(slowLater), 500, 2_000);
            assertExactlyOnce(List.of(fast), 0, 2_000);
            deadline = System.nanoTime() + WAIT.toNanos();
            while (jedis.xlen(stream) > 200 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(jedis.xlen(stream) <= 200, "once both groups have everything, all but the last node goes: "
                    + jedis.xlen(stream));
        } finally {
            trimming.close();
        }
    }

    @Test
    void oneTrimRemovesAllThatWasHandedOutNotOnlyTheServersLimitPerCall() throws Exception {
        String topic = newTopic(1);
        RecordingCallback consumer = new RecordingCallback();
        driver.createConsumer(topic, "sub", consumer).join();
        send(topic, 0, 30_000); // three times what one approximate XTRIM removes
        RecordingCallback.awaitTotal(List.of(consumer), 30_000, WAIT);
        try (Jedis jedis = jedis()) {
            long removed = StreamTrimmer.trim(jedis, topic + ":0");
            assertTrue(removed >= 29_800 && jedis.xlen(topic + ":0") == 30_000 - removed, removed + " removed");
        }
    }

    @Test
    void deliversThePayloadBytesExactlyWithTheEntryTimestamp() throws Exception {
        String topic = newTopic(1);
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
            assertTrue(timestamp >= before - 1_000 && timestamp <= after + 1_000, "entry time " + timestamp);
        }
    }

    @Test
    void anUnreachableServerIsAOneLineErrorAtInitialize() throws Exception {
        File file = driverFile(Integer.toString(FreePorts.next()), null, "");
        RedisBenchmarkDriver unreachable = new RedisBenchmarkDriver();
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(15),
                () -> assertThrows(IOException.class, () -> unreachable.initialize(file, NullStatsLogger.INSTANCE)));
        assertTrue(e.getMessage().contains("cannot use redis at 127.0.0.1:"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aWrongPasswordIsAOneLineErrorAtInitialize() throws Exception {
        File file = driverFile(redis.endpoints().get("port"), "not-the-password", "");
        RedisBenchmarkDriver refused = new RedisBenchmarkDriver();
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(15),
                () -> assertThrows(IOException.class, () -> refused.initialize(file, NullStatsLogger.INSTANCE)));
        assertTrue(e.getMessage().contains("WRONGPASS"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private void send(String topic, int from, int to) throws Exception {
        sendWith(driver, topic, from, to);
    }

    private static void sendWith(RedisBenchmarkDriver driver, String topic, int from, int to) throws Exception {
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

    private String newTopic(int partitions) {
        String topic = driver.getTopicNamePrefix() + "-" + (++topics) + "-" + System.nanoTime();
        driver.createTopic(topic, partitions).join();
        return topic;
    }

    private static List<StreamEntryBinary> readWholeStream(Jedis jedis, String stream) {
        List<StreamEntryBinary> entries = new ArrayList<>();
        for (Map.Entry<byte[], List<StreamEntryBinary>> read : jedis.xreadBinary(
                XReadParams.xReadParams().count(100_000), Map.of(stream.getBytes(), new StreamEntryID(0, 0)))) {
            entries.addAll(read.getValue());
        }
        return entries;
    }

    private Jedis jedis() {
        Jedis jedis = new Jedis("127.0.0.1", Integer.parseInt(redis.endpoints().get("port")));
        jedis.auth(redis.endpoints().get("password"));
        return jedis;
    }

    private File driverFile(String port, String password, String extra) throws IOException {
        Path file = Files.createTempFile(dir, "redis-", ".yaml");
        Files.writeString(file, "name: Redis\n"
                + "driverClass: " + RedisBenchmarkDriver.class.getName() + "\n"
                + "redisHost: 127.0.0.1\n"
                + "redisPort: " + port + "\n"
                + (password != null ? "redisPass: \"" + password + "\"\n" : "")
                + "blockTimeMs: 50\n"
                + extra);
        return file.toFile();
    }
}
