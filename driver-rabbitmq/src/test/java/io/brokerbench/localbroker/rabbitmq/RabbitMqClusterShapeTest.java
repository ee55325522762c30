package io.brokerbench.localbroker.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Answers shaped as RabbitMQ 3.10's {@code rabbitmqctl cluster_status} and {@code list_queues name type leader
 * members online} with {@code --formatter json} (trimmed to the fields read).
 */
class RabbitMqClusterShapeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<RabbitMqNode> NODES = RabbitMqNode.onPorts("rabbitmq", Path.of("/tmp/run"), 3,
            List.of(5001, 5101, 5201, 5002, 5102, 5202, 5003, 5103, 5203));

    @Test
    void reportsNodesWithTheirVersionsAndEachTopicsQueuesWithLeaderAndMembersByNodeName() throws Exception {
        JsonNode status = JSON.readTree("""
                {"cluster_name": "brokerbench-5001@localhost",
                 "disk_nodes": ["brokerbench-5001@localhost", "brokerbench-5002@localhost", "brokerbench-5003@localhost"],
                 "running_nodes": ["brokerbench-5003@localhost", "brokerbench-5002@localhost", "brokerbench-5001@localhost"],
                 "versions": {
                   "brokerbench-5001@localhost": {"erlang_version": "25.2.3", "rabbitmq_name": "RabbitMQ", "rabbitmq_version": "3.10.8"},
                   "brokerbench-5002@localhost": {"erlang_version": "25.2.3", "rabbitmq_name": "RabbitMQ", "rabbitmq_version": "3.10.8"},
                   "brokerbench-5003@localhost": {"erlang_version": "25.2.3", "rabbitmq_name": "RabbitMQ", "rabbitmq_version": "3.10.8"}}}
                """);
        // rabbitmq-3 is down: a member of the queues still, but not online
        JsonNode queues = JSON.readTree("""
                [{"name": "t-1.sub-b", "type": "quorum", "leader": "brokerbench-5002@localhost",
                  "members": ["brokerbench-5001@localhost", "brokerbench-5002@localhost", "brokerbench-5003@localhost"],
                  "online": ["brokerbench-5001@localhost", "brokerbench-5002@localhost"]},
                 {"name": "t-1.sub-a", "type": "quorum", "leader": "brokerbench-5001@localhost",
                  "members": ["brokerbench-5001@localhost", "brokerbench-5002@localhost", "brokerbench-5003@localhost"],
                  "online": ["brokerbench-5001@localhost", "brokerbench-5002@localhost"]},
                 {"name": "t-10", "type": "stream", "leader": "brokerbench-5003@localhost",
                  "members": ["brokerbench-5003@localhost", "rabbit@elsewhere"], "online": ["brokerbench-5003@localhost"]},
                 {"name": "other", "type": "classic", "leader": "", "members": [], "online": []}]
                """);

        Map<String, Object> shape = new RabbitMqClusterShape(NODES, null).describe(List.of("t-1", "t-10", "never"), status,
                queues);

        assertEquals(List.of("nodes", "clusterName", "runningNodes", "queues"), List.copyOf(shape.keySet()));
        assertEquals(Map.of("name", "rabbitmq-2", "erlangNode", "brokerbench-5002@localhost", "amqpPort", 5002,
                "streamPort", 5102, "distributionPort", 5202, "version", "3.10.8", "erlangVersion", "25.2.3"),
                ((List<?>) shape.get("nodes")).get(1));
        assertEquals(3, ((List<?>) shape.get("nodes")).size());
        assertEquals("brokerbench-5001@localhost", shape.get("clusterName"));
        assertEquals(List.of("rabbitmq-3", "rabbitmq-2", "rabbitmq-1"), shape.get("runningNodes"));
        List<String> all = List.of("rabbitmq-1", "rabbitmq-2", "rabbitmq-3");
        List<String> online = List.of("rabbitmq-1", "rabbitmq-2");
        // a topic's queues in name order; "t-10" is a topic of its own, not a queue of "t-1"
        assertEquals(List.of(
                Map.of("topic", "t-1", "queue", "t-1.sub-a", "type", "quorum", "leader", "rabbitmq-1", "members", all,
                        "online", online),
                Map.of("topic", "t-1", "queue", "t-1.sub-b", "type", "quorum", "leader", "rabbitmq-2", "members", all,
                        "online", online),
                Map.of("topic", "t-10", "queue", "t-10", "type", "stream", "leader", "rabbitmq-3",
                        "members", List.of("rabbitmq-3", "rabbit@elsewhere"), "online", List.of("rabbitmq-3"))),
                shape.get("queues"));
    }
}
