package io.brokerbench.localbroker.redis;

import io.brokerbench.lifecycle.AllAtOnce;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A primary ({@code redis-1}) and its replicas ({@code redis-2} ...) on 127.0.0.1, each a
 * redis-server with its own port, and its config, log and files in a folder of the run directory
 * named after it, all with one password; and a sentinel ({@code redis-sentinel}) monitoring them
 * with quorum 1. Ready once every replica reports its link to the primary up, the primary counts
 * them all online, and the sentinel knows the primary and every replica.
 *
 * <p>The sentinel is the same redis-server binary run with {@code --sentinel}: Debian's
 * {@code redis-sentinel} package adds only a link named so and a system service, which would start a
 * second sentinel nobody asked for. It counts as one of the broker's nodes, so that the broker stops
 * it with the servers and a run samples it too: its CPU and memory are part of what a replicated
 * deployment costs, and under a name of its own they stay apart from the data nodes' figures that
 * users compare.
 */
final class ReplicatedRedis {

    /** Endpoints beyond a single server's: the sentinel's port and the name it monitors the primary by. */
    static final String SENTINEL_PORT = "sentinelPort";
    static final String SENTINEL_MASTER = "sentinelMaster";
    static final String MASTER_NAME = "brokerbench";
    static final String PRIMARY = "redis-1";
    static final String SENTINEL = "redis-sentinel";

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    /**
     * How long the primary must be unreachable before the sentinel fails over: 5 s, as in the Redis
     * documentation's sentinel example, not the built-in 30 s, so that a primary killed in a run of a
     * minute or two is replaced within it. Reported with the broker's settings.
     */
    static final int DOWN_AFTER_MILLIS = 5_000;

    private ReplicatedRedis() {
    }

    /** The group of {@code nodes} servers, each with {@code settings}; returns once it is ready as described above. */
    static LocalBroker start(Path redisServer, String version, Path runDir, int nodes, String password,
            Map<String, String> settings) throws IOException, InterruptedException {
        List<Integer> free = FreePorts.distinct(nodes + 1);
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (int node = 1; node <= nodes; node++) {
            ports.put("redis-" + node, free.get(node - 1));
        }
        int primaryPort = ports.get(PRIMARY);
        int sentinelPort = free.get(nodes);
        Map<String, BrokerProcess> processes = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, Integer> node : ports.entrySet()) {
                Path dir = Files.createDirectory(runDir.resolve(node.getKey()));
                Map<String, String> config = new LinkedHashMap<>(settings);
                config.putAll(replication(node.getKey(), primaryPort, password));
                Path file = RedisLauncher.writeConfig(dir, node.getValue(), password, config);
                processes.put(node.getKey(), BrokerProcess.start(node.getKey(),
                        List.of(redisServer.toString(), file.toString()), dir, dir.resolve("redis.log"), Map.of()));
            }
            awaitReplication(processes, ports, password);
            // started once the primary lists every replica: the sentinel finds replicas in the primary's INFO,
            // read at once when it connects but only every 10 s after, so an earlier start may wait that long
            Path dir = Files.createDirectory(runDir.resolve(SENTINEL));
            Path file = writeSentinelConfig(dir, sentinelPort, primaryPort, password);
            BrokerProcess sentinel = BrokerProcess.start(SENTINEL,
                    List.of(redisServer.toString(), file.toString(), "--sentinel"), dir, dir.resolve("sentinel.log"), Map.of());
            processes.put(SENTINEL, sentinel);
            sentinel.awaitReady(READY_TIMEOUT, () -> seesGroup(sentinelPort, password, nodes - 1));
        } catch (IOException | InterruptedException | RuntimeException e) {
            AllAtOnce.run("stop-redis", processes.values().stream().<Runnable>map(process -> process::close).toList());
            throw e;
        }
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("host", "127.0.0.1");
        endpoints.put("port", Integer.toString(primaryPort));
        endpoints.put("password", password);
        endpoints.put(SENTINEL_PORT, Integer.toString(sentinelPort));
        endpoints.put(SENTINEL_MASTER, MASTER_NAME);
        Map<String, String> reported = new LinkedHashMap<>(settings);
        reported.put("sentinel.down-after-milliseconds", Integer.toString(DOWN_AFTER_MILLIS));
        return new RunningBroker("redis", version, processes, runDir, endpoints, reported,
                new ReplicatedRedisShape(version, ports, sentinelPort, password));
    }

    /**
     * What makes {@code node} the primary or one of its replicas. Every node gets the primary's
     * password ({@code masterauth}), so that one the sentinel promotes can be followed in turn.
     */
    static Map<String, String> replication(String node, int primaryPort, String password) {
        Map<String, String> lines = new LinkedHashMap<>();
        if (!node.equals(PRIMARY)) {
            lines.put("replicaof", "127.0.0.1 " + primaryPort);
        }
        lines.put("masterauth", password);
        // replicas are sent the (empty) data set at once rather than after 5 s spent waiting for more of them
        lines.put("repl-diskless-sync-delay", "0");
        return lines;
    }

    /** {@code dir/sentinel.conf}: the sentinel rewrites it as it learns the group, so it lives in the run directory. */
    static Path writeSentinelConfig(Path dir, int port, int primaryPort, String password) throws IOException {
        // quorum 1: the one sentinel decides alone
        return RedisLauncher.writeConfigFile(dir.resolve("sentinel.conf"), port, password, List.of(
                "sentinel monitor " + MASTER_NAME + " 127.0.0.1 " + primaryPort + " 1",
                "sentinel auth-pass " + MASTER_NAME + " " + password,
                "sentinel down-after-milliseconds " + MASTER_NAME + " " + DOWN_AFTER_MILLIS));
    }

    /**
     * Waits for the primary to answer, then for each replica's link to it to be up, then for the
     * primary to count them all online: each wait fails at once should the node it asks exit.
     */
    private static void awaitReplication(Map<String, BrokerProcess> processes, Map<String, Integer> ports,
            String password) throws IOException, InterruptedException {
        int primaryPort = ports.get(PRIMARY);
        processes.get(PRIMARY).awaitReady(READY_TIMEOUT, () -> RedisLauncher.answersPong(primaryPort, password));
        Collection<String> replicas = ports.keySet().stream().filter(node -> !node.equals(PRIMARY)).toList();
        for (String replica : replicas) {
            processes.get(replica).awaitReady(READY_TIMEOUT, () -> RedisProbe.holds(ports.get(replica), password,
                    server -> ReplicationInfo.parse(server.info("replication")).linkUp()));
        }
        processes.get(PRIMARY).awaitReady(READY_TIMEOUT, () -> RedisProbe.holds(primaryPort, password,
                server -> ReplicationInfo.parse(server.info("replication")).hasOnlineReplicas(replicas.size())));
    }

    private static boolean seesGroup(int sentinelPort, String password, int replicas) {
        return RedisProbe.holds(sentinelPort, password,
                sentinel -> SentinelView.of(sentinel, MASTER_NAME).seesGroup(replicas));
    }
}
