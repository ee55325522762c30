package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The shipped 3-node Kafka cluster files end to end, in one command so each starts its own cluster in
 * turn (driver-kafka/kafka-cluster-acks-{all,1,0}.yaml): every node a live broker, the topic at
 * replication factor 3 with min.insync.replicas=2 and its partitions led by more than one node, every
 * message delivered once under each acks setting, every node's CPU recorded, and no node process or
 * directory left after each run.
 */
class KafkaClusterIT {

    private static final List<String> ACKS = List.of("all", "1", "0");
    private static final List<String> NODES = List.of("kafka-1", "kafka-2", "kafka-3");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void everyDurabilitySettingDeliversOnceOnAWholeClusterThatLeavesNothingBehind() throws Exception {
        Set<Path> scratchBefore = ClusterRuns.brokerScratch("kafka");
        Path workload = Files.writeString(dir.resolve("three-partitions.yaml"), """
                name: three partitions
                topics: 1
                partitionsPerTopic: 3
                messageSize: 1024
                payloadFile: payload/payload-1Kb.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 2000
                warmupDurationSeconds: 2
                testDurationSeconds: 6
                reportingIntervalSeconds: 2
                """);
        List<Path> drivers = ACKS.stream()
                .map(acks -> LocalBrokers.home().resolve("driver-kafka/kafka-cluster-acks-" + acks + ".yaml")).toList();
        ClusterRuns runs = ClusterRuns.run(drivers, workload, dir.resolve("results"));
        Set<String> acksSeen = new HashSet<>();
        for (int i = 0; i < runs.files().size(); i++) {
            JsonNode result = runs.results().get(i);
            Path file = runs.files().get(i);
            acksSeen.add(acksOf(result));
            assertWholeClusterPlacedTheTopicOnSeveralLeaders(result.get("environment").get("localBroker"), file);
            ClusterRuns.assertDeliveredOnce(result.get("messages"), file);
            assertEveryNodeWorked(result.get("localBroker"), file);
        }
        assertEquals(Set.copyOf(ACKS), acksSeen);
        assertTrue(runs.console().contains("local kafka 4.4.0 (3 nodes, pids "), runs.console());

        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.info().commandLine().orElse("").contains("kafka.Kafka")),
                "a node of a cluster outlived its run");
        assertEquals(scratchBefore, ClusterRuns.brokerScratch("kafka"), "a cluster's directory outlived its run");
    }

    private static String acksOf(JsonNode result) {
        for (String line : result.get("driverConfig").asText().split("\n")) {
            if (line.strip().startsWith("acks=")) {
                return line.strip().substring("acks=".length());
            }
        }
        throw new AssertionError("no acks= in " + result.get("driverConfig"));
    }

    private static void assertWholeClusterPlacedTheTopicOnSeveralLeaders(JsonNode broker, Path file) {
        assertEquals(3, broker.get("nodes").asInt(), file + ": " + broker);
        JsonNode shape = broker.get("shape");
        assertEquals(NODES, ClusterRuns.names(shape.get("liveNodes")), file + ": " + shape);
        assertTrue(NODES.contains(shape.get("controllerLeader").asText()), file + ": " + shape);
        assertEquals(1, shape.get("topics").size(), file + ": " + shape);
        JsonNode topic = shape.get("topics").elements().next();
        assertEquals(3, topic.get("replicationFactor").asInt(), file + ": " + topic);
        assertEquals("2", topic.get("minInsyncReplicas").asText(), file + ": " + topic);
        Set<String> leaders = new HashSet<>();
        for (JsonNode partition : topic.get("partitions")) {
            leaders.add(partition.get("leader").asText());
            assertEquals(Set.copyOf(NODES), Set.copyOf(ClusterRuns.names(partition.get("replicas"))), file + ": " + partition);
        }
        assertTrue(leaders.size() > 1, file + ": every partition led by one node: " + topic);
    }

    private static void assertEveryNodeWorked(JsonNode cost, Path file) {
        assertEquals(NODES, cost.get("nodes").findValuesAsText("node"), file + ": " + cost);
        double sum = 0;
        for (JsonNode node : cost.get("nodes")) {
            assertTrue(node.get("cpuCores").asDouble() > 0 && node.get("residentBytesMax").asLong() > 0, file + ": " + node);
            sum += node.get("cpuCores").asDouble();
        }
        assertEquals(cost.get("cpuCores").asDouble(), sum, 0.01, file + ": " + cost);
    }
}
