package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
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
        Set<Path> scratchBefore = brokerScratch();
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
        String drivers = String.join(",", ACKS.stream()
                .map(acks -> LocalBrokers.home().resolve("driver-kafka/kafka-cluster-acks-" + acks + ".yaml").toString()).toList());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", drivers, workload.toString(), "-o", dir.resolve("results").toString()},
                out, out);
        String text = console.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, text);

        List<Path> results;
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            results = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(ACKS.size(), results.size(), results.toString());
        Set<String> acksSeen = new HashSet<>();
        for (Path file : results) {
            JsonNode result = new ObjectMapper().readTree(file.toFile());
            acksSeen.add(acksOf(result));
            assertWholeClusterPlacedTheTopicOnSeveralLeaders(result.get("environment").get("localBroker"), file);
            assertDeliveredOnce(result.get("messages"), file);
            assertEveryNodeWorked(result.get("localBroker"), file);
        }
        assertEquals(Set.copyOf(ACKS), acksSeen);
        assertTrue(text.contains("local kafka 4.4.0 (3 nodes, pids "), text);

        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.info().commandLine().orElse("").contains("kafka.Kafka")),
                "a node of a cluster outlived its run");
        assertEquals(scratchBefore, brokerScratch(), "a cluster's directory outlived its run");
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
        assertEquals(NODES, names(shape.get("liveNodes")), file + ": " + shape);
        assertTrue(NODES.contains(shape.get("controllerLeader").asText()), file + ": " + shape);
        assertEquals(1, shape.get("topics").size(), file + ": " + shape);
        JsonNode topic = shape.get("topics").elements().next();
        assertEquals(3, topic.get("replicationFactor").asInt(), file + ": " + topic);
        assertEquals("2", topic.get("minInsyncReplicas").asText(), file + ": " + topic);
        Set<String> leaders = new HashSet<>();
        for (JsonNode partition : topic.get("partitions")) {
            leaders.add(partition.get("leader").asText());
            assertEquals(Set.copyOf(NODES), Set.copyOf(names(partition.get("replicas"))), file + ": " + partition);
        }
        assertTrue(leaders.size() > 1, file + ": every partition led by one node: " + topic);
    }

    private static void assertDeliveredOnce(JsonNode messages, Path file) {
        assertTrue(messages.get("sent").asLong() > 0, file + ": " + messages);
        assertEquals(messages.get("sent").asLong(), messages.get("received").asLong(), file + ": " + messages);
        for (String none : new String[] {"lost", "duplicated", "sendFailures", "unacknowledged"}) {
            assertEquals(0, messages.get(none).asLong(), file + ": " + none + " in " + messages);
        }
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

    private static List<String> names(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    /** Local brokers' run directories in this JVM's temporary directory. */
    private static Set<Path> brokerScratch() throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return Set.copyOf(entries.filter(p -> p.getFileName().toString().startsWith("brokerbench-kafka-")).toList());
        }
    }
}
