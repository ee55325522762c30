package io.brokerbench.localbroker.redis;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.RunningBroker;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a {@link ReplicatedRedis} group reports about itself, for the result: the version, its nodes
 * with the role each server reports, replication as the primary sees it (each replica's offset, how
 * far behind it is and since when it has not acknowledged), the sentinel's view, and for each topic
 * the node taking its writes and those copying them (every node holds every stream). Asked of the
 * servers when called, so a node that changed role or fell behind shows as it is now; one that does
 * not answer shows its error in place of what it would have said.
 */
final class ReplicatedRedisShape implements RunningBroker.ShapeReport {

    private final String version;
    /** Every data node, the first primary first. */
    private final List<RedisNode> servers;
    private final RedisNode sentinel;
    private final String password;

    ReplicatedRedisShape(String version, List<RedisNode> servers, RedisNode sentinel, String password) {
        this.version = version;
        this.servers = List.copyOf(servers);
        this.sentinel = sentinel;
        this.password = password;
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        String primary = null;
        ReplicationInfo primaryInfo = null;
        for (RedisNode server : servers) {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("name", server.name());
            try {
                ReplicationInfo info = replicationOf(server);
                node.put("role", info.isPrimary() ? "primary" : "replica");
                if (info.isPrimary() && primary == null) {
                    primary = server.name();
                    primaryInfo = info;
                }
            } catch (JedisException e) {
                node.put("role", "unknown");
                node.put("error", OneLine.of(e));
            }
            node.put("host", server.host());
            node.put("port", server.port());
            nodes.add(node);
        }
        nodes.add(sentinelNode());

        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("version", version);
        shape.put("nodes", nodes);
        shape.put("replication", primaryInfo == null ? Map.of("error", "no node reports itself the primary")
                : replication(primary, primaryInfo));
        shape.put("sentinel", sentinel());
        if (primaryInfo != null) {
            List<String> copies = inNodeOrder(primaryInfo.replicas()).stream()
                    .filter(replica -> "online".equals(replica.get("state")))
                    .map(this::nodeAt).toList();
            Map<String, Object> byTopic = new LinkedHashMap<>();
            for (String topic : topics) {
                byTopic.put(topic, Map.of("leader", primary, "replicas", copies));
            }
            shape.put("topics", byTopic);
        }
        return shape;
    }

    /**
     * Every stream is led by the primary: the one the sentinel names now, whom the clients follow (after a
     * failover, another); if the sentinel does not answer, the first node that reports itself the primary.
     * The sentinel first, as a primary cut off from the others still calls itself one, beside the replica
     * the sentinel promoted in its place.
     */
    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        return primaryNow();
    }

    /** Every node holds every stream: the primary and the replicas it reports online. */
    @Override
    public List<String> replicasOf(String topic, int partition) {
        Optional<String> primary = primaryNow();
        if (primary.isEmpty()) {
            return List.of();
        }
        List<String> holders = new ArrayList<>(List.of(primary.get()));
        try {
            RedisNode server = servers.stream().filter(node -> node.name().equals(primary.get())).findFirst().orElseThrow();
            inNodeOrder(replicationOf(server).replicas()).stream()
                    .filter(replica -> "online".equals(replica.get("state")))
                    .forEach(replica -> holders.add(nodeAt(replica)));
        } catch (JedisException e) {
            // the primary stopped answering between the two questions: it alone is known to hold the stream
        }
        return holders;
    }

    /** The primary leads what there is to lead in a Redis group. */
    @Override
    public Optional<String> controller() {
        return primaryNow();
    }

    private Optional<String> primaryNow() {
        try {
            Map<String, String> named = RedisProbe.ask(sentinel, password,
                    probe -> SentinelView.of(probe, ReplicatedRedis.MASTER_NAME)).master();
            Optional<RedisNode> server = servers.stream().filter(node -> node.isAt(named.get("ip"), named.get("port")))
                    .findFirst();
            if (server.isPresent()) {
                return Optional.of(server.get().name());
            }
        } catch (JedisException e) {
            // the sentinel is down or paused: the servers say
        }
        for (RedisNode server : servers) {
            try {
                if (replicationOf(server).isPrimary()) {
                    return Optional.of(server.name());
                }
            } catch (JedisException e) {
                // down or paused: asked the next one
            }
        }
        return Optional.empty();
    }

    private ReplicationInfo replicationOf(RedisNode server) {
        return ReplicationInfo.parse(RedisProbe.ask(server, password, probe -> probe.info("replication")));
    }

    private Map<String, Object> sentinelNode() {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("name", sentinel.name());
        node.put("role", "sentinel");
        node.put("host", sentinel.host());
        node.put("port", sentinel.port());
        return node;
    }

    private Map<String, Object> replication(String primary, ReplicationInfo info) {
        Map<String, Object> replication = new LinkedHashMap<>();
        replication.put("primary", primary);
        replication.put("offset", info.offset());
        List<Map<String, Object>> replicas = new ArrayList<>();
        for (Map<String, String> line : inNodeOrder(info.replicas())) {
            Map<String, Object> replica = new LinkedHashMap<>();
            replica.put("node", nodeAt(line));
            replica.put("state", line.get("state"));
            long offset = Long.parseLong(line.getOrDefault("offset", "-1"));
            replica.put("offset", offset);
            replica.put("bytesBehind", Math.max(0, info.offset() - offset));
            // INFO's lag: seconds since the replica last acknowledged, which it does once a second
            replica.put("lagSeconds", Long.parseLong(line.getOrDefault("lag", "-1")));
            replicas.add(replica);
        }
        replication.put("connectedReplicas", replicas.size());
        replication.put("replicas", replicas);
        return replication;
    }

    private Map<String, Object> sentinel() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("port", sentinel.port());
        view.put("master", ReplicatedRedis.MASTER_NAME);
        try {
            SentinelView seen = RedisProbe.ask(sentinel, password,
                    probe -> SentinelView.of(probe, ReplicatedRedis.MASTER_NAME));
            view.put("primary", nodeAt(seen.master()));
            view.put("flags", seen.master().get("flags"));
            view.put("quorum", Long.parseLong(seen.master().getOrDefault("quorum", "-1")));
            List<Map<String, Object>> replicas = new ArrayList<>();
            for (Map<String, String> known : inNodeOrder(seen.replicas())) {
                Map<String, Object> replica = new LinkedHashMap<>();
                replica.put("node", nodeAt(known));
                replica.put("flags", known.get("flags"));
                replica.put("masterLinkStatus", known.get("master-link-status"));
                replicas.add(replica);
            }
            view.put("replicas", replicas);
        } catch (JedisException e) {
            view.put("error", OneLine.of(e));
        }
        return view;
    }

    /** Replicas as a server or the sentinel lists them (each with its {@code ip} and {@code port}), in node order rather than the order they connected in. */
    private List<Map<String, String>> inNodeOrder(List<Map<String, String>> replicas) {
        // names sort as numbers do: there are at most five nodes
        return replicas.stream().sorted(Comparator.comparing(this::nodeAt)).toList();
    }

    /** The node's name for the {@code ip} and {@code port} a server or the sentinel reports; the address itself for a stranger. */
    private String nodeAt(Map<String, String> reported) {
        String ip = reported.get("ip");
        String port = reported.get("port");
        return servers.stream().filter(server -> server.isAt(ip, port)).map(RedisNode::name).findFirst()
                .orElse(ip + ":" + port);
    }
}
