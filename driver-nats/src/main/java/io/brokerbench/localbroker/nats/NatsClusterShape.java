package io.brokerbench.localbroker.nats;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.RunningBroker;
import io.openmessaging.benchmark.driver.nats.NatsTopic;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A local NATS cluster as its nodes report it, for the result: each node, the JetStream meta leader
 * and, for each of the run's topics, its stream's replica count, leader and the nodes holding a copy.
 * Read from every node's {@code /jsz}: a node lists the streams it holds a copy of, so the nodes that
 * list a stream are where it is replicated, seen from those nodes rather than from the leader's plan.
 */
final class NatsClusterShape implements RunningBroker.ShapeReport {

    private static final String STREAMS = "/jsz?accounts=true&streams=true&config=true";

    private final List<NatsNode> nodes;
    private final String version;
    private final NatsMonitor monitor;

    NatsClusterShape(List<NatsNode> nodes, String version, NatsMonitor monitor) {
        this.nodes = List.copyOf(nodes);
        this.version = version;
        this.monitor = monitor;
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        Map<String, JsonNode> jszByNode = new LinkedHashMap<>();
        try {
            for (NatsNode node : nodes) {
                jszByNode.put(node.name(), monitor.json(node.monitorUrl() + STREAMS));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("NATS node answered " + STREAMS + " with no JSON", e);
        }
        return describe(topics, jszByNode);
    }

    /** The stream's leader as the nodes that answer report it: a killed or paused node answers nothing. */
    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        String leader = (String) stream(topic, NatsTopic.safeName(topic), answering()).get("leader");
        return leader.isEmpty() ? Optional.empty() : Optional.of(leader);
    }

    @SuppressWarnings("unchecked")
    @Override
    public List<String> replicasOf(String topic, int partition) {
        return (List<String>) stream(topic, NatsTopic.safeName(topic), answering()).get("replicaNodes");
    }

    /** The JetStream meta leader, as the first node that answers names it. */
    @Override
    public Optional<String> controller() {
        return answering().values().stream().map(jsz -> jsz.path("meta_cluster").path("leader").asText(""))
                .filter(leader -> !leader.isEmpty()).findFirst();
    }

    /** Each node's {@code /jsz} with streams, of the nodes that answer now. */
    private Map<String, JsonNode> answering() {
        Map<String, JsonNode> jszByNode = new LinkedHashMap<>();
        for (NatsNode node : nodes) {
            try {
                JsonNode jsz = monitor.json(node.monitorUrl() + STREAMS);
                if (!jsz.isMissingNode()) {
                    jszByNode.put(node.name(), jsz);
                }
            } catch (IOException unreadable) {
                // a node that answers with no JSON is not asked about here
            }
        }
        return jszByNode;
    }

    /** The shape from each node's {@code /jsz} with streams (missing for a node that did not answer). */
    Map<String, Object> describe(Collection<String> topics, Map<String, JsonNode> jszByNode) {
        List<Map<String, Object>> nodeList = new ArrayList<>();
        for (NatsNode node : nodes) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", node.name());
            entry.put("clientPort", node.clientPort());
            entry.put("monitorPort", node.monitorPort());
            entry.put("version", version);
            nodeList.add(entry);
        }
        List<Map<String, Object>> streams = new ArrayList<>();
        for (String topic : topics) {
            streams.add(stream(topic, NatsTopic.safeName(topic), jszByNode));
        }
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("nodes", nodeList);
        shape.put("metaLeader", jszByNode.get(nodes.get(0).name()).path("meta_cluster").path("leader").asText(""));
        shape.put("streams", streams);
        return shape;
    }

    /**
     * One stream as the nodes holding it report it (a node that has not heard of the leader yet says
     * none); a stream no node lists has 0 replicas and no leader.
     */
    private static Map<String, Object> stream(String topic, String name, Map<String, JsonNode> jszByNode) {
        int replicas = 0;
        String leader = "";
        List<String> holders = new ArrayList<>();
        for (Map.Entry<String, JsonNode> node : jszByNode.entrySet()) {
            for (JsonNode account : node.getValue().path("account_details")) {
                for (JsonNode stream : account.path("stream_detail")) {
                    if (stream.path("name").asText().equals(name)) {
                        holders.add(node.getKey());
                        replicas = stream.path("config").path("num_replicas").asInt();
                        if (leader.isEmpty()) {
                            leader = stream.path("cluster").path("leader").asText("");
                        }
                    }
                }
            }
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("topic", topic);
        entry.put("stream", name);
        entry.put("replicas", replicas);
        entry.put("leader", leader);
        entry.put("replicaNodes", holders);
        return entry;
    }
}
