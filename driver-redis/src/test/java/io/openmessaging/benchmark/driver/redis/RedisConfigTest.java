package io.openmessaging.benchmark.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.HostAndPort;

class RedisConfigTest {

    @TempDir
    Path dir;

    @Test
    void readsOmbKeysAndOursAndIgnoresFrameworkKeys() throws IOException {
        RedisConfig config = RedisConfig.read(file("""
                name: Redis
                driverClass: io.openmessaging.benchmark.driver.redis.RedisBenchmarkDriver
                localBroker: redis
                redisHost: 10.0.0.5
                redisPort: 7000
                redisUser: bench
                redisPass: s3cret
                jedisPoolMaxTotal: 12
                jedisPoolMaxIdle: 4
                maxLen: 100000
                producerBatchSize: 32
                readBatchSize: 50
                blockTimeMs: 250
                """));
        assertEquals("10.0.0.5", config.redisHost());
        assertEquals(7000, config.redisPort());
        assertEquals("bench", config.redisUser());
        assertEquals("s3cret", config.redisPass());
        assertEquals(12, config.jedisPoolMaxTotal());
        assertEquals(4, config.jedisPoolMaxIdle());
        assertEquals(100_000L, config.maxLen());
        assertEquals(32, config.producerBatchSize());
        assertEquals(50, config.readBatchSize());
        assertEquals(250, config.blockTimeMs());
    }

    @Test
    void omittedKeysTakeDefaults() throws IOException {
        RedisConfig config = RedisConfig.read(file("redisHost: 127.0.0.1\n"));
        assertEquals(6379, config.redisPort());
        assertNull(config.redisUser());
        assertNull(config.redisPass());
        assertEquals(0L, config.maxLen());
        assertEquals(config.jedisPoolMaxTotal(), config.jedisPoolMaxIdle());
    }

    @Test
    void anUnknownKeyIsNamedWithItsFileAndValue() throws IOException {
        File file = file("redisHost: 127.0.0.1\nredisPrt: 6380\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(file));
        assertEquals(file + ": field 'redisPrt' = 6380: unknown key (did you mean 'redisPort'?)", e.getMessage());
    }

    @Test
    void aBadValueIsNamedWithItsFileKeyAndValue() throws IOException {
        File notANumber = file("redisPort: six\n");
        assertEquals(notANumber + ": field 'redisPort' = 'six': expected a whole number, found text",
                assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(notANumber)).getMessage());
        File negative = file("maxLen: -5\n");
        assertEquals(negative + ": field 'maxLen' = -5: must be at least 0",
                assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(negative)).getMessage());
        File quoted = file("redisPort: \"7000\"\n");
        assertEquals(quoted + ": field 'redisPort' = '7000': expected a whole number, found text (write numbers without quotes)",
                assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(quoted)).getMessage());
    }

    @Test
    void noWaitForReplicasUnlessAsked() throws IOException {
        RedisConfig config = RedisConfig.read(file("redisHost: 127.0.0.1\n"));
        assertEquals(0, config.waitForReplicas());
        assertNull(ReplicaWait.of(config).request(null), "no WAIT queued");
    }

    @Test
    void waitingForReplicasTakesOneSecondUnlessToldOtherwise() throws IOException {
        assertEquals(new ReplicaWait(2, 1_000), ReplicaWait.of(RedisConfig.read(file("waitForReplicas: 2\n"))));
        assertEquals(new ReplicaWait(1, 250),
                ReplicaWait.of(RedisConfig.read(file("waitForReplicas: 1\nwaitTimeoutMs: 250\n"))));
    }

    @Test
    void aWaitThatCouldHangOrDoesNothingIsNamedWithItsFileKeyAndValue() throws IOException {
        File forever = file("waitForReplicas: 1\nwaitTimeoutMs: 0\n");
        assertEquals(forever + ": field 'waitTimeoutMs' = 0: must be between 1 and 60000",
                assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(forever)).getMessage());
        File alone = file("waitTimeoutMs: 500\n");
        assertEquals(alone + ": field 'waitTimeoutMs' = 500: has no effect without waitForReplicas (at least 1): no WAIT is sent",
                assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(alone)).getMessage());
        File negative = file("waitForReplicas: -1\n");
        assertEquals(negative + ": field 'waitForReplicas' = -1: must be between 0 and 100",
                assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(negative)).getMessage());
    }

    @Test
    void sentinelsAreReadAsHostsAndPortsWithTheNameTheyMonitor() throws IOException {
        RedisConfig config = RedisConfig.read(file("redisSentinels: 127.0.0.1:26379, 127.0.0.2:26380\nredisSentinelMaster: bb\n"));
        assertEquals(List.of(new HostAndPort("127.0.0.1", 26379), new HostAndPort("127.0.0.2", 26380)),
                List.copyOf(config.sentinels()));
        assertEquals(0, RedisConfig.read(file("redisHost: 127.0.0.1\n")).sentinels().size());
        File noName = file("redisSentinels: 127.0.0.1:26379\n");
        assertEquals(noName + ": field 'redisSentinelMaster' = '(missing)': redisSentinels needs the name the sentinels"
                + " monitor the primary by", assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(noName)).getMessage());
        File noPort = file("redisSentinels: 127.0.0.1\nredisSentinelMaster: bb\n");
        assertEquals(noPort + ": field 'redisSentinels' = '127.0.0.1': expected host:port entries separated by commas, not"
                + " '127.0.0.1'", assertThrows(IllegalArgumentException.class, () -> RedisConfig.read(noPort)).getMessage());
    }

    @Test
    void aWaitAnsweredByTooFewReplicasSaysHowManyAcknowledged() {
        ReplicaWait wait = new ReplicaWait(2, 1_000);
        assertNull(wait.shortfall(2));
        assertNull(wait.shortfall(3));
        assertEquals("redis WAIT 2 1000: 1 of 2 replicas acknowledged within 1000 ms (waitForReplicas, waitTimeoutMs)",
                wait.shortfall(1).getMessage());
    }

    @Test
    void theShippedDriverFilesAreValid() throws IOException {
        for (String name : new String[] {"redis.yaml", "redis-local.yaml", "redis-local-unpipelined.yaml",
                "redis-replicated.yaml", "redis-replicated-wait-1.yaml", "redis-replicated-wait-2.yaml"}) {
            shipped(name);
        }
    }

    @Test
    void theShippedReplicatedFilesDifferInTheReplicasTheyWaitFor() throws IOException {
        assertEquals(0, shipped("redis-replicated.yaml").waitForReplicas());
        assertEquals(new ReplicaWait(1, 1_000), ReplicaWait.of(shipped("redis-replicated-wait-1.yaml")));
        assertEquals(new ReplicaWait(2, 1_000), ReplicaWait.of(shipped("redis-replicated-wait-2.yaml")));
        assertEquals(1, shipped("redis-replicated.yaml").sentinels().size(), "the client follows the sentinel's primary");
    }

    private RedisConfig shipped(String name) throws IOException {
        String text = Files.readString(Path.of(name)).replace("${localBroker.host}", "127.0.0.1")
                .replace("${localBroker.sentinelHost}", "127.0.0.1")
                .replace("${localBroker.port}", "6390").replace("${localBroker.password}", "bb0123")
                .replace("${localBroker.sentinelPort}", "26390").replace("${localBroker.sentinelMaster}", "brokerbench");
        return RedisConfig.read(file(text));
    }

    private File file(String text) throws IOException {
        Path file = Files.createTempFile(dir, "redis-", ".yaml");
        Files.writeString(file, text);
        return file.toFile();
    }
}
