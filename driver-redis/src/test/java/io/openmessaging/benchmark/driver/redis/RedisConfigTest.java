package io.openmessaging.benchmark.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void theShippedDriverFilesAreValid() throws IOException {
        for (String name : new String[] {"redis.yaml", "redis-local.yaml", "redis-local-unpipelined.yaml"}) {
            String text = Files.readString(Path.of(name)).replace("${localBroker.host}", "127.0.0.1").replace("${localBroker.port}", "6390").replace("${localBroker.password}", "bb0123");
            RedisConfig.read(file(text));
        }
    }

    private File file(String text) throws IOException {
        Path file = Files.createTempFile(dir, "redis-", ".yaml");
        Files.writeString(file, text);
        return file.toFile();
    }
}
