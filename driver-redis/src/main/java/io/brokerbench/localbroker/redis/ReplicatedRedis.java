package io.brokerbench.localbroker.redis;

import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A primary ({@code redis-1}) and its replicas ({@code redis-2} ...), each a redis-server with its own
 * port, and its config, log and files in a folder of the run directory named after it, all with one
 * password; and a sentinel ({@code redis-sentinel}) monitoring them with quorum 1. All on 127.0.0.1, or
 * each server and the sentinel in a network namespace of its own, on its own address: then cutting the
 * primary off from the other nodes cuts it off from the sentinel too, which fails over as it would for a
 * primary on a machine the network lost. Ready once every replica reports its link to the primary up,
 * the primary counts them all online, and the sentinel knows the primary and every replica.
 *
 * <p>The sentinel is the same redis-server binary run with {@code --sentinel}: Debian's
 * {@code redis-sentinel} package adds only a link named so and a system service, which would start a
 * second sentinel nobody asked for. It counts as one of the broker's nodes, so that the broker stops
 * it with the servers and a run samples it too: its CPU and memory are part of what a replicated
 * deployment costs, and under a name of its own they stay apart from the data nodes' figures that
 * users compare.
 */
final class ReplicatedRedis {

    /** Endpoints beyond a single server's: the sentinel's address and port and the name it monitors the primary by. */
    static final String SENTINEL_HOST = "sentinelHost";
    static final String SENTINEL_PORT = "sentinelPort";
    static final String SENTINEL_MASTER = "sentinelMaster";
    static final String MASTER_NAME = "brokerbench";
    static final String SENTINEL = "redis-sentinel";
    private static final String LOOPBACK = "127.0.0.1";

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    /**
     * How long the primary must be unreachable before the sentinel fails over: 5 s, as in the Redis
     * documentation's sentinel example, not the built-in 30 s, so that a primary killed in a run of a
     * minute or two is replaced within it. Reported with the broker's settings.
     */
    static final int DOWN_AFTER_MILLIS = 5_000;

    private ReplicatedRedis() {
    }

    /** The names of a group of {@code servers}: {@code redis-1 .. redis-servers}, then the sentinel. */
    static List<String> names(int servers) {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= servers; i++) {
            names.add("redis-" + i);
        }
        names.add(SENTINEL);
        return names;
    }

    /**
     * The group of {@code count} servers, each with {@code settings}; returns once it is ready as described above.
     *
     * @param namespaces where each node runs (the caller removes them should the start fail); null: 127.0.0.1
     */
    static LocalBroker start(Path redisServer, String version, Path runDir, int count, String password,
            Map<String, String> settings, NodeNamespaces namespaces) throws IOException, InterruptedException {
        List<String> names = names(count);
        List<Integer> free = FreePorts.distinct(names.size());
        List<RedisNode> servers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = names.get(i);
            servers.add(new RedisNode(name, namespaces == null ? LOOPBACK : namespaces.address(name), free.get(i)));
        }
        RedisNode primary = servers.get(0);
        RedisNode sentinel = new RedisNode(SENTINEL, namespaces == null ? LOOPBACK : namespaces.address(SENTINEL),
                free.get(count));
        Map<String, BrokerProcess> processes = new LinkedHashMap<>();
        try {
            for (RedisNode server : servers) {
                Path dir = Files.createDirectory(runDir.resolve(server.name()));
                Map<String, String> config = new LinkedHashMap<>(settings);
                config.putAll(replication(server.name(), primary, password));
                Path file = RedisLauncher.writeConfig(dir, server, password, config);
                processes.put(server.name(), BrokerProcess.start(server.name(),
                        inPlace(namespaces, server, List.of(redisServer.toString(), file.toString())), dir,
                        dir.resolve("redis.log"), Map.of()));
            }
            awaitReplication(processes, servers, password);
            // started once the primary lists every replica: the sentinel finds replicas in the primary's INFO,
            // read at once when it connects but only every 10 s after, so an earlier start may wait that long
            Path dir = Files.createDirectory(runDir.resolve(SENTINEL));
            Path file = writeSentinelConfig(dir, sentinel, primary, password);
            BrokerProcess started = BrokerProcess.start(SENTINEL,
                    inPlace(namespaces, sentinel, List.of(redisServer.toString(), file.toString(), "--sentinel")), dir,
                    dir.resolve("sentinel.log"), Map.of());
            processes.put(SENTINEL, started);
            started.awaitReady(READY_TIMEOUT, () -> seesGroup(sentinel, password, count - 1));
        } catch (IOException | InterruptedException | RuntimeException e) {
            AllAtOnce.run("stop-redis", processes.values().stream().<Runnable>map(process -> process::close).toList());
            throw e;
        }
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("host", primary.host());
        endpoints.put("port", Integer.toString(primary.port()));
        endpoints.put("password", password);
        endpoints.put(SENTINEL_HOST, sentinel.host());
        endpoints.put(SENTINEL_PORT, Integer.toString(sentinel.port()));
        endpoints.put(SENTINEL_MASTER, MASTER_NAME);
        Map<String, String> reported = new LinkedHashMap<>(settings);
        reported.put("sentinel.down-after-milliseconds", Integer.toString(DOWN_AFTER_MILLIS));
        return new RunningBroker("redis", version, processes, runDir, endpoints, reported,
                new ReplicatedRedisShape(version, servers, sentinel, password), namespaces);
    }

    private static List<String> inPlace(NodeNamespaces namespaces, RedisNode node, List<String> command) {
        return namespaces == null ? command : namespaces.command(node.name(), command);
    }

    /**
     * What makes {@code node} the primary or one of its replicas. Every node gets the primary's
     * password ({@code masterauth}), so that one the sentinel promotes can be followed in turn.
     */
    static Map<String, String> replication(String node, RedisNode primary, String password) {
        Map<String, String> lines = new LinkedHashMap<>();
        if (!node.equals(primary.name())) {
            lines.put("replicaof", primary.host() + " " + primary.port());
        }
        lines.put("masterauth", password);
        // replicas are sent the (empty) data set at once rather than after 5 s spent waiting for more of them
        lines.put("repl-diskless-sync-delay", "0");
        return lines;
    }

    /** {@code dir/sentinel.conf}: the sentinel rewrites it as it learns the group, so it lives in the run directory. */
    static Path writeSentinelConfig(Path dir, RedisNode sentinel, RedisNode primary, String password) throws IOException {
        // quorum 1: the one sentinel decides alone
        return RedisLauncher.writeConfigFile(dir.resolve("sentinel.conf"), sentinel, password, List.of(
                "sentinel monitor " + MASTER_NAME + " " + primary.host() + " " + primary.port() + " 1",
                "sentinel auth-pass " + MASTER_NAME + " " + password,
                "sentinel down-after-milliseconds " + MASTER_NAME + " " + DOWN_AFTER_MILLIS));
    }

    /**
     * Waits for the primary to answer, then for each replica's link to it to be up, then for the
     * primary to count them all online: each wait fails at once should the node it asks exit.
     */
    private static void awaitReplication(Map<String, BrokerProcess> processes, List<RedisNode> servers,
            String password) throws IOException, InterruptedException {
        RedisNode primary = servers.get(0);
        processes.get(primary.name()).awaitReady(READY_TIMEOUT, () -> RedisLauncher.answersPong(primary, password));
        List<RedisNode> replicas = servers.subList(1, servers.size());
        for (RedisNode replica : replicas) {
            processes.get(replica.name()).awaitReady(READY_TIMEOUT, () -> RedisProbe.holds(replica, password,
                    server -> ReplicationInfo.parse(server.info("replication")).linkUp()));
        }
        processes.get(primary.name()).awaitReady(READY_TIMEOUT, () -> RedisProbe.holds(primary, password,
                server -> ReplicationInfo.parse(server.info("replication")).hasOnlineReplicas(replicas.size())));
    }

    private static boolean seesGroup(RedisNode sentinel, String password, int replicas) {
        return RedisProbe.holds(sentinel, password,
                probe -> SentinelView.of(probe, MASTER_NAME).seesGroup(replicas));
    }
}
