package io.brokerbench.localbroker.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

class RedisLauncherIT {

    @Test
    void startsARealServerOnLoopbackWithAPasswordAndRemovesEverythingOnClose() throws Exception {
        LocalBroker redis = LocalBrokers.start("redis", LocalBrokers.home());
        long pid;
        Path runDir;
        try {
            assertEquals("redis", redis.type());
            assertTrue(redis.version().matches("\\d+\\.\\d+\\.\\d+"), redis.version());
            assertEquals("no", redis.settings().get("appendonly"));
            assertEquals(Long.toString(RedisLauncher.maxMemoryBytes(Path.of("/proc/meminfo"))), redis.settings().get("maxmemory"));
            assertEquals("127.0.0.1", redis.endpoints().get("host"));
            int port = Integer.parseInt(redis.endpoints().get("port"));
            String password = redis.endpoints().get("password");
            assertTrue(RedisLauncher.answersPong(port, password), "AUTH + PING with the generated password");
            assertFalse(RedisLauncher.answersPong(port, password + "x"), "a wrong password must be refused");
            try (Jedis jedis = new Jedis("127.0.0.1", port)) {
                jedis.auth(password);
                // the server itself holds the bound: past it, writes fail instead of the machine running out
                assertEquals(redis.settings().get("maxmemory"), jedis.configGet("maxmemory").get("maxmemory"));
                assertTrue(Long.parseLong(redis.settings().get("maxmemory")) > 0);
            }

            // redis-server rewrites its command line (and is a link to redis-check-rdb on Debian), so it is
            // found by the config in its working directory
            ProcessHandle server = ProcessHandle.current().descendants()
                    .filter(p -> configuresPort(workingDirectory(p.pid()), port))
                    .findFirst().orElseThrow(() -> new AssertionError("no redis-server process on port " + port));
            pid = server.pid();
            runDir = workingDirectory(pid);
        } finally {
            redis.close();
        }
        Optional<ProcessHandle> after = ProcessHandle.of(pid);
        assertFalse(after.isPresent() && after.get().isAlive(), "redis-server " + pid + " still running");
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    private static Path workingDirectory(long pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd"));
        } catch (IOException e) {
            return Path.of("/nonexistent");
        }
    }

    private static boolean configuresPort(Path runDir, int port) {
        try {
            return Files.readAllLines(runDir.resolve("redis.conf")).contains("port " + port);
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void theMemoryBoundIsHalfTheMachinesAndNoneWhenUnknown(@TempDir Path dir) throws IOException {
        Path meminfo = dir.resolve("meminfo");
        Files.writeString(meminfo, "MemFree:         1000 kB\nMemTotal:       24000000 kB\n");
        assertEquals(24_000_000L * 1024 / 2, RedisLauncher.maxMemoryBytes(meminfo));
        Files.writeString(meminfo, "MemTotal: lots\n");
        assertEquals(0, RedisLauncher.maxMemoryBytes(meminfo));
        assertEquals(0, RedisLauncher.maxMemoryBytes(dir.resolve("absent")));
    }

    @Test
    void parsesTheVersionLine() {
        assertEquals("7.0.15", RedisLauncher.parseVersion(
                "Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=ae4d7c971a948f0"));
    }
}
