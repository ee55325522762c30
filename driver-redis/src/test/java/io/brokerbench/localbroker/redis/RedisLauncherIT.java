package io.brokerbench.localbroker.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.localbroker.NamespaceListing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
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
            RedisNode node = new RedisNode("redis", "127.0.0.1", port);
            assertTrue(RedisLauncher.answersPong(node, password), "AUTH + PING with the generated password");
            assertFalse(RedisLauncher.answersPong(node, password + "x"), "a wrong password must be refused");
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

    @Test
    void startsAPrimaryAndTwoReplicasWatchedByASentinelAndRemovesEverythingOnClose() throws Exception {
        LocalBroker redis = LocalBrokers.start("redis", 3, LocalBrokers.home(), null);
        List<BrokerNode> nodes;
        Path runDir;
        try {
            nodes = redis.nodes();
            assertEquals(List.of("redis-1", "redis-2", "redis-3", "redis-sentinel"),
                    nodes.stream().map(BrokerNode::name).toList());
            String password = redis.endpoints().get("password");
            int primaryPort = Integer.parseInt(redis.endpoints().get("port"));
            int sentinelPort = Integer.parseInt(redis.endpoints().get("sentinelPort"));
            assertEquals("brokerbench", redis.endpoints().get("sentinelMaster"));
            // every copy shares the half of the machine's memory a single server may take
            assertEquals(Long.toString(RedisLauncher.maxMemoryBytes(Path.of("/proc/meminfo")) / 3),
                    redis.settings().get("maxmemory"));

            Map<String, Object> shape = redis.describe(List.of("t"));
            Map<String, Integer> ports = new LinkedHashMap<>();
            Map<String, RedisNode> servers = new LinkedHashMap<>();
            for (Object node : (List<?>) shape.get("nodes")) {
                Map<?, ?> fields = (Map<?, ?>) node;
                ports.put((String) fields.get("name"), (Integer) fields.get("port"));
                servers.put((String) fields.get("name"), new RedisNode((String) fields.get("name"), (String) fields.get("host"),
                        (Integer) fields.get("port")));
                assertEquals("127.0.0.1", fields.get("host"), fields.toString());
            }
            assertEquals(primaryPort, ports.get("redis-1"));
            assertEquals(sentinelPort, ports.get("redis-sentinel"));
            assertEquals(4, new HashSet<>(ports.values()).size(), "a port each: " + ports);

            // three servers, each the live process the broker names: each reports its own pid and port
            for (BrokerNode node : nodes.subList(0, 3)) {
                assertTrue(node.process().isAlive(), node.name());
                String server = RedisProbe.ask(servers.get(node.name()), password, jedis -> jedis.info("server"));
                assertTrue(server.contains("\nprocess_id:" + node.process().pid() + "\r\n")
                        && server.contains("\ntcp_port:" + ports.get(node.name()) + "\r\n"), node.name() + ": " + server);
                assertEquals(Map.of("bind", "127.0.0.1"),
                        RedisProbe.ask(servers.get(node.name()), password, jedis -> jedis.configGet("bind")), node.name());
            }
            assertEquals(3, nodes.subList(0, 3).stream().map(node -> node.process().pid()).distinct().count());
            assertTrue(nodes.get(3).process().isAlive(), "the sentinel");

            ReplicationInfo primary = RedisProbe.ask(servers.get("redis-1"), password,
                    jedis -> ReplicationInfo.parse(jedis.info("replication")));
            assertTrue(primary.hasOnlineReplicas(2), primary.fields().toString());
            for (String replica : List.of("redis-2", "redis-3")) {
                ReplicationInfo info = RedisProbe.ask(servers.get(replica), password,
                        jedis -> ReplicationInfo.parse(jedis.info("replication")));
                assertTrue(info.linkUp() && !info.isPrimary(), replica + ": " + info.fields());
                assertEquals(Integer.toString(primaryPort), info.fields().get("master_port"), replica);
            }
            assertEquals("127.0.0.1", redis.endpoints().get("sentinelHost"));
            SentinelView sentinel = RedisProbe.ask(servers.get("redis-sentinel"), password,
                    jedis -> SentinelView.of(jedis, "brokerbench"));
            assertEquals(Integer.toString(primaryPort), sentinel.master().get("port"));
            assertTrue(sentinel.seesGroup(2), sentinel.toString());
            assertEquals(Set.of(Integer.toString(ports.get("redis-2")), Integer.toString(ports.get("redis-3"))),
                    sentinel.replicas().stream().map(replica -> replica.get("port")).collect(Collectors.toSet()));

            assertEquals(List.of("primary", "replica", "replica", "sentinel"), ((List<?>) shape.get("nodes")).stream()
                    .map(node -> ((Map<?, ?>) node).get("role")).toList());
            Map<?, ?> replication = (Map<?, ?>) shape.get("replication");
            assertEquals("redis-1", replication.get("primary"));
            assertEquals(2, replication.get("connectedReplicas"));
            assertEquals(Set.of("redis-2", "redis-3"), ((List<?>) replication.get("replicas")).stream()
                    .map(replica -> ((Map<?, ?>) replica).get("node")).collect(Collectors.toSet()));
            Map<?, ?> seen = (Map<?, ?>) shape.get("sentinel");
            assertEquals("redis-1", seen.get("primary"));
            assertEquals(2, ((List<?>) seen.get("replicas")).size(), seen.toString());
            assertEquals(Map.of("t", Map.of("leader", "redis-1", "replicas", List.of("redis-2", "redis-3"))),
                    shape.get("topics"));
            assertEquals(redis.version(), shape.get("version"));
            runDir = workingDirectory(nodes.get(0).process().pid()).getParent();
            assertTrue(Files.isRegularFile(runDir.resolve("redis-sentinel/sentinel.conf")), runDir.toString());
        } finally {
            redis.close();
        }
        for (BrokerNode node : nodes) {
            assertFalse(node.process().isAlive(), node.name() + " still running");
        }
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    /**
     * One server in a network namespace of its own (as a driver file's {@code localBrokerNetwork: namespaces}
     * asks): it listens on the namespace's address only, answers from here through the bridge, and its
     * namespace is gone with it. Needs root.
     */
    @Test
    void aServerInANetworkNamespaceListensOnItsAddressAndTakesItsNamespaceAlong() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "network namespaces need root");
        Set<String> before = NamespaceListing.current();
        LocalBroker redis = LocalBrokers.start("redis", 1, LocalBrokers.home(), null, true);
        try {
            String host = redis.endpoints().get("host");
            assertTrue(host.startsWith("10.250."), redis.endpoints().toString());
            assertTrue(redis.settings().get("network").startsWith("a network namespace per node, 10.250."),
                    redis.settings().toString());
            RedisNode server = new RedisNode("redis", host, Integer.parseInt(redis.endpoints().get("port")));
            String password = redis.endpoints().get("password");
            assertTrue(RedisLauncher.answersPong(server, password), "AUTH + PING at " + host);
            assertEquals(Map.of("bind", host), RedisProbe.ask(server, password, jedis -> jedis.configGet("bind")));
            assertFalse(RedisLauncher.answersPong(new RedisNode("redis", "127.0.0.1", server.port()), password),
                    "nothing of it on this namespace's loopback");
            String namespace = Files.readSymbolicLink(Path.of("/proc", Long.toString(redis.nodes().get(0).process().pid()), "ns/net"))
                    .toString();
            assertFalse(namespace.equals(Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString()),
                    "the server runs in a namespace of its own: " + namespace);
        } finally {
            redis.close();
        }
        Set<String> left = NamespaceListing.current();
        left.removeAll(before);
        assertEquals(Set.of(), left, "the server's namespace is removed with it");
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
