package io.openmessaging.benchmark.driver.redis;

import static io.brokerbench.testing.RecordingCallback.payload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.testing.RecordingCallback;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The driver's {@code waitForReplicas} against a real primary and two replicas the launcher starts: a
 * send acknowledged after WAIT is on every replica it waited for, and a WAIT that cannot be met fails
 * the send, saying how many replicas acknowledged, within its timeout rather than hanging.
 */
class RedisReplicaWaitIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static LocalBroker redis;
    /** Each data node's port by its name, as the group reports them. */
    private static final Map<String, Integer> PORTS = new HashMap<>();

    @TempDir
    Path dir;
    /** Closed after each test, with their producers and consumers. */
    private final List<RedisBenchmarkDriver> drivers = new ArrayList<>();

    @BeforeAll
    static void startGroup() throws Exception {
        redis = LocalBrokers.start("redis", 3, LocalBrokers.home(), null);
        for (Object node : (List<?>) redis.describe(List.of()).get("nodes")) {
            Map<?, ?> fields = (Map<?, ?>) node;
            PORTS.put((String) fields.get("name"), (Integer) fields.get("port"));
        }
    }

    @AfterAll
    static void stopGroup() {
        if (redis != null) {
            redis.close();
        }
    }

    @AfterEach
    void closeDrivers() throws Exception {
        for (RedisBenchmarkDriver driver : drivers) {
            driver.close();
        }
        drivers.clear();
    }

    @Test
    void whatWaitForTwoAcknowledgedIsOnBothReplicasAndConsumedExactlyOnce() throws Exception {
        RedisBenchmarkDriver driver = driver("waitForReplicas: 2\nproducerBatchSize: 16\n");
        driver.createTopic("acked", 2).join();
        RecordingCallback received = new RecordingCallback();
        driver.createConsumer("acked", "sub", received).join();
        BenchmarkProducer producer = driver.createProducer("acked").join();
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            sent.add(producer.sendAsync(Optional.empty(), payload(i, 0, 64)));
        }
        CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        // read at once: an acknowledged send is already on both replicas, not on its way there
        for (String replica : List.of("redis-2", "redis-3")) {
            try (Jedis jedis = jedis(replica)) {
                assertEquals(500, jedis.xlen("acked:0") + jedis.xlen("acked:1"), replica);
            }
        }
        RecordingCallback.awaitTotal(List.of(received), 500, WAIT);
        List<Long> numbers = received.payloads().stream().map(RecordingCallback::number).toList();
        assertEquals(500, numbers.size());
        assertEquals(500, new HashSet<>(numbers).size(), "each message once");
    }

    @Test
    void waitingForMoreReplicasThanThereAreFailsTheSendSayingHowManyAcknowledged() throws Exception {
        RedisBenchmarkDriver driver = driver("waitForReplicas: 3\nwaitTimeoutMs: 300\n");
        driver.createTopic("too-many", 1).join();
        BenchmarkProducer producer = driver.createProducer("too-many").join();
        assertEquals("redis WAIT 3 300: 2 of 3 replicas acknowledged within 300 ms (waitForReplicas, waitTimeoutMs)",
                failureOf(producer.sendAsync(Optional.empty(), payload(0, 0, 64))));
    }

    @Test
    void aPausedReplicaFailsAWaitForBothAndNotAWaitForOne() throws Exception {
        RedisBenchmarkDriver both = driver("waitForReplicas: 2\nwaitTimeoutMs: 300\n");
        RedisBenchmarkDriver one = driver("waitForReplicas: 1\nwaitTimeoutMs: 300\n");
        ProcessHandle replica = redis.nodes().stream().filter(node -> node.name().equals("redis-3"))
                .map(BrokerNode::process).findFirst().orElseThrow();
        both.createTopic("paused", 1).join();
        BenchmarkProducer toBoth = both.createProducer("paused").join();
        BenchmarkProducer toOne = one.createProducer("paused").join();
        ProcessSignal.send("STOP", replica);
        try {
            assertEquals("redis WAIT 2 300: 1 of 2 replicas acknowledged within 300 ms (waitForReplicas, waitTimeoutMs)",
                    failureOf(toBoth.sendAsync(Optional.empty(), payload(0, 0, 64))));
            toOne.sendAsync(Optional.empty(), payload(1, 0, 64)).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } finally {
            ProcessSignal.send("CONT", replica);
        }
        // resumed, it catches up, and both acknowledge again
        toBoth.sendAsync(Optional.empty(), payload(2, 0, 64)).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        try (Jedis jedis = jedis("redis-3")) {
            assertEquals(3, jedis.xlen("paused:0"), "the failed send is on the primary, and copied once resumed");
        }
    }

    /**
     * The one-line message a send failed with, within a few seconds (its WAIT's timeout, not a socket
     * timeout); fails the test if it succeeds or hangs.
     */
    private static String failureOf(CompletableFuture<Void> send) {
        ExecutionException failed = assertThrows(ExecutionException.class, () -> send.get(5, TimeUnit.SECONDS));
        String message = failed.getCause().getMessage();
        assertFalse(message.contains("\n"), message);
        return message;
    }

    private RedisBenchmarkDriver driver(String extra) throws Exception {
        Path file = Files.createTempFile(dir, "redis-", ".yaml");
        Files.writeString(file, "redisHost: 127.0.0.1\nredisPort: " + redis.endpoints().get("port")
                + "\nredisPass: \"" + redis.endpoints().get("password") + "\"\nblockTimeMs: 50\n" + extra);
        RedisBenchmarkDriver driver = new RedisBenchmarkDriver();
        driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
        drivers.add(driver);
        return driver;
    }

    private static Jedis jedis(String node) {
        Jedis jedis = new Jedis("127.0.0.1", PORTS.get(node));
        jedis.auth(redis.endpoints().get("password"));
        return jedis;
    }
}
