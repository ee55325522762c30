package io.brokerbench.it.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.ClusterRuns;
import io.brokerbench.localbroker.LocalBrokers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped 3-node RabbitMQ cluster files end to end, in one command so each starts its own cluster in
 * turn (driver-rabbitmq/rabbitmq-cluster-{quorum,stream}.yaml): every node running in one cluster as the
 * broker reports it, the run's quorum queue and stream with a member on every node, all online, every
 * message delivered once, every node's CPU and RSS recorded, and no node, epmd or directory left after
 * each run.
 */
class RabbitMqClusterIT {

    private static final List<String> QUEUE_TYPES = List.of("quorum", "stream");
    private static final List<String> NODES = List.of("rabbitmq-1", "rabbitmq-2", "rabbitmq-3");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void quorumQueuesAndStreamsOnEveryNodeDeliverOnceOnAWholeClusterThatLeavesNothingBehind() throws Exception {
        Set<Path> scratchBefore = ClusterRuns.brokerScratch("rabbitmq");
        Path workload = Files.writeString(dir.resolve("one-queue.yaml"), """
                name: one queue
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                payloadFile: payload/payload-1Kb.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDurationSeconds: 1
                testDurationSeconds: 4
                reportingIntervalSeconds: 2
                """);
        List<Path> drivers = QUEUE_TYPES.stream()
                .map(type -> LocalBrokers.home().resolve("driver-rabbitmq/rabbitmq-cluster-" + type + ".yaml")).toList();
        ClusterRuns runs = ClusterRuns.run(drivers, workload, dir.resolve("results"));
        Set<String> typesSeen = new HashSet<>();
        Set<String> erlangNodes = new HashSet<>();
        for (int i = 0; i < runs.files().size(); i++) {
            JsonNode result = runs.results().get(i);
            Path file = runs.files().get(i);
            JsonNode broker = result.get("environment").get("localBroker");
            typesSeen.add(assertWholeClusterHoldsTheQueueOnEveryNode(broker, file));
            broker.get("shape").get("nodes").forEach(node -> erlangNodes.add(node.get("erlangNode").asText()));
            ClusterRuns.assertDeliveredOnce(result.get("messages"), file);
            assertEveryNodeMeasured(result.get("localBroker"), file);
        }
        assertEquals(Set.copyOf(QUEUE_TYPES), typesSeen);
        assertTrue(runs.console().matches("(?s).*local rabbitmq \\d+\\.\\d+\\.\\d+ \\(3 nodes, pids .*"), runs.console());

        assertEquals(6, erlangNodes.size(), "each run started 3 nodes of its own: " + erlangNodes);
        assertFalse(ProcessHandle.current().descendants().anyMatch(p -> erlangNodes.stream()
                .anyMatch(node -> p.info().commandLine().orElse("").contains(node))), "a node of a cluster outlived its run");
        assertFalse(ProcessHandle.current().descendants().anyMatch(p -> p.info().command().orElse("").endsWith("/epmd")),
                "a cluster's epmd outlived its run");
        assertEquals(scratchBefore, ClusterRuns.brokerScratch("rabbitmq"), "a cluster's directory outlived its run");
    }

    /** The shape the broker reported: every node running and answering, the run's one queue on all of them. */
    private static String assertWholeClusterHoldsTheQueueOnEveryNode(JsonNode broker, Path file) {
        assertEquals(3, broker.get("nodes").asInt(), file + ": " + broker);
        assertEquals("3", broker.get("settings").get("cluster.nodes").asText(), file + ": " + broker);
        JsonNode shape = broker.get("shape");
        assertEquals(Set.copyOf(NODES), Set.copyOf(ClusterRuns.names(shape.get("runningNodes"))), file + ": " + shape);
        assertEquals(NODES, shape.get("nodes").findValuesAsText("name"), file + ": " + shape);
        for (JsonNode node : shape.get("nodes")) {
            assertEquals(broker.get("version").asText(), node.get("version").asText(), file + ": " + node);
        }
        assertEquals(1, shape.get("queues").size(), file + ": " + shape);
        JsonNode queue = shape.get("queues").get(0);
        assertEquals(Set.copyOf(NODES), Set.copyOf(ClusterRuns.names(queue.get("members"))), file + ": " + queue);
        assertEquals(Set.copyOf(NODES), Set.copyOf(ClusterRuns.names(queue.get("online"))), file + ": " + queue);
        assertTrue(NODES.contains(queue.get("leader").asText()), file + ": " + queue);
        if (queue.get("type").asText().equals("quorum")) {
            // led where it was declared (client-local): the driver's AMQP connections go to the first node
            assertEquals("rabbitmq-1", queue.get("leader").asText(), file + ": " + queue);
        }
        return queue.get("type").asText();
    }

    private static void assertEveryNodeMeasured(JsonNode cost, Path file) {
        assertEquals(NODES, cost.get("nodes").findValuesAsText("node"), file + ": " + cost);
        for (JsonNode node : cost.get("nodes")) {
            assertTrue(node.get("cpuCores").asDouble() > 0 && node.get("residentBytesMax").asLong() > 0, file + ": " + node);
        }
    }
}
