package io.brokerbench.localbroker.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** /jsz answers shaped as nats-server 2.9's with accounts, streams and config (trimmed to the fields read). */
class NatsClusterShapeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<NatsNode> NODES =
            NatsNode.onPorts(3, List.of(4001, 6001, 8001, 4002, 6002, 8002, 4003, 6003, 8003), name -> "127.0.0.1");

    @Test
    void reportsNodesTheMetaLeaderAndEachTopicsStreamWhereverItIsHeld() throws Exception {
        Map<String, JsonNode> jsz = new LinkedHashMap<>();
        // nats-1 follows r3 and has not heard of its leader yet; nats-2 leads both streams
        jsz.put("nats-1", node("nats-2", stream("nats-r3-topic", 3, "")));
        jsz.put("nats-2", node("nats-2", stream("nats-r3-topic", 3, "nats-2"), stream("one_copy", 1, "nats-2")));
        jsz.put("nats-3", node("nats-2", stream("nats-r3-topic", 3, "nats-2")));

        Map<String, Object> shape = new NatsClusterShape(NODES, "2.9.10", null)
                .describe(List.of("nats-r3-topic", "one/copy", "never-created"), jsz);

        assertEquals(List.of(
                Map.of("name", "nats-1", "clientPort", 4001, "monitorPort", 8001, "version", "2.9.10"),
                Map.of("name", "nats-2", "clientPort", 4002, "monitorPort", 8002, "version", "2.9.10"),
                Map.of("name", "nats-3", "clientPort", 4003, "monitorPort", 8003, "version", "2.9.10")), shape.get("nodes"));
        assertEquals("nats-2", shape.get("metaLeader"));
        assertEquals(List.of(
                Map.of("topic", "nats-r3-topic", "stream", "nats-r3-topic", "replicas", 3, "leader", "nats-2",
                        "replicaNodes", List.of("nats-1", "nats-2", "nats-3")),
                Map.of("topic", "one/copy", "stream", "one_copy", "replicas", 1, "leader", "nats-2",
                        "replicaNodes", List.of("nats-2")),
                Map.of("topic", "never-created", "stream", "never-created", "replicas", 0, "leader", "",
                        "replicaNodes", List.of())), shape.get("streams"));
        assertEquals(List.of("nodes", "metaLeader", "streams"), List.copyOf(shape.keySet()));
    }

    @Test
    void aNodeThatDidNotAnswerHoldsNothing() throws Exception {
        Map<String, JsonNode> jsz = new LinkedHashMap<>();
        jsz.put("nats-1", MissingNode.getInstance());
        jsz.put("nats-2", node("nats-2", stream("s", 3, "nats-2")));
        jsz.put("nats-3", node("nats-2", stream("s", 3, "nats-2")));

        Map<String, Object> shape = new NatsClusterShape(NODES, "2.9.10", null).describe(List.of("s"), jsz);

        assertEquals("", shape.get("metaLeader"));
        assertEquals(List.of(Map.of("topic", "s", "stream", "s", "replicas", 3, "leader", "nats-2",
                "replicaNodes", List.of("nats-2", "nats-3"))), shape.get("streams"));
    }

    private static JsonNode node(String metaLeader, String... streams) throws Exception {
        return JSON.readTree("{\"meta_cluster\":{\"name\":\"brokerbench\",\"leader\":\"" + metaLeader
                + "\",\"cluster_size\":3},\"account_details\":[{\"name\":\"$G\",\"stream_detail\":["
                + String.join(",", streams) + "]}]}");
    }

    private static String stream(String name, int replicas, String leader) {
        return "{\"name\":\"" + name + "\",\"cluster\":{\"name\":\"brokerbench\"" + (leader.isEmpty() ? "" : ",\"leader\":\""
                + leader + "\"") + "},\"config\":{\"name\":\"" + name + "\",\"num_replicas\":" + replicas + "}}";
    }
}
