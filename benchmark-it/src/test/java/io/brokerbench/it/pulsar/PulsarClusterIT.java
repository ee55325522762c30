package io.brokerbench.it.pulsar;

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
 * The shipped Pulsar cluster files end to end, in one command so each starts its own cluster in turn
 * (driver-pulsar/pulsar-cluster-ack-quorum-{1,2}.yaml: a ZooKeeper, 3 bookies and a broker): every
 * bookie registered and writable, every partition's current ledger on all 3 bookies with the quorums
 * the file asked for, every message delivered once under each ack quorum, every process's CPU and RSS
 * recorded, and no process or directory left after each run.
 */
class PulsarClusterIT {

    private static final List<String> ACK_QUORUMS = List.of("1", "2");
    private static final List<String> BOOKIES = List.of("bookie-1", "bookie-2", "bookie-3");
    private static final List<String> NODES = List.of("zookeeper", "bookie-1", "bookie-2", "bookie-3", "broker");
    /** What each of the cluster's JVMs runs: none may outlive its run. */
    private static final List<String> MAIN_CLASSES = List.of("org.apache.zookeeper.server.ZooKeeperServerMain",
            "org.apache.bookkeeper.server.Main", "org.apache.pulsar.PulsarBrokerStarter");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void everyAckQuorumDeliversOnceOnAWholeClusterThatLeavesNothingBehind() throws Exception {
        Set<Path> scratchBefore = ClusterRuns.brokerScratch("pulsar");
        Path workload = Files.writeString(dir.resolve("two-partitions.yaml"), """
                name: two partitions
                topics: 1
                partitionsPerTopic: 2
                messageSize: 1024
                payloadFile: payload/payload-1Kb.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDurationSeconds: 2
                testDurationSeconds: 6
                reportingIntervalSeconds: 2
                """);
        List<Path> drivers = ACK_QUORUMS.stream().map(quorum -> LocalBrokers.home()
                .resolve("driver-pulsar/pulsar-cluster-ack-quorum-" + quorum + ".yaml")).toList();
        ClusterRuns runs = ClusterRuns.run(drivers, workload, dir.resolve("results"));
        Set<String> quorumsSeen = new HashSet<>();
        for (int i = 0; i < runs.files().size(); i++) {
            JsonNode result = runs.results().get(i);
            Path file = runs.files().get(i);
            String ackQuorum = ackQuorumOf(result);
            quorumsSeen.add(ackQuorum);
            assertWholeClusterKeptEveryPartitionOnEveryBookie(result.get("environment").get("localBroker"), ackQuorum, file);
            ClusterRuns.assertDeliveredOnce(result.get("messages"), file);
            assertEveryNodeMeasured(result.get("localBroker"), file);
        }
        assertEquals(Set.copyOf(ACK_QUORUMS), quorumsSeen);
        assertTrue(runs.console().contains("local pulsar 4.2.4 (5 nodes, pids "), runs.console());

        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> MAIN_CLASSES.stream()
                .anyMatch(main -> p.info().commandLine().orElse("").contains(main))), "a process of a cluster outlived its run");
        assertEquals(scratchBefore, ClusterRuns.brokerScratch("pulsar"), "a cluster's directory outlived its run");
    }

    private static String ackQuorumOf(JsonNode result) {
        for (String line : result.get("driverConfig").asText().split("\n")) {
            if (line.strip().startsWith("ackQuorum:")) {
                return line.strip().substring("ackQuorum:".length()).strip();
            }
        }
        throw new AssertionError("no ackQuorum: in " + result.get("driverConfig"));
    }

    private static void assertWholeClusterKeptEveryPartitionOnEveryBookie(JsonNode broker, String ackQuorum, Path file) {
        assertEquals(NODES.size(), broker.get("nodes").asInt(), file + ": " + broker);
        JsonNode shape = broker.get("shape");
        assertEquals(BOOKIES, ClusterRuns.names(shape.get("bookies")), file + ": " + shape);
        assertEquals(BOOKIES, ClusterRuns.names(shape.get("writableBookies")), file + ": " + shape);
        assertEquals("broker", shape.get("leaderBroker").asText(), file + ": " + shape);
        assertEquals(1, shape.get("topics").size(), file + ": " + shape);
        JsonNode topic = shape.get("topics").elements().next();
        assertEquals(3, topic.get("persistence").get("ensembleSize").asInt(), file + ": " + topic);
        assertEquals(3, topic.get("persistence").get("writeQuorum").asInt(), file + ": " + topic);
        assertEquals(ackQuorum, topic.get("persistence").get("ackQuorum").asText(), file + ": " + topic);
        assertEquals(2, topic.get("partitions").size(), file + ": " + topic);
        for (JsonNode partition : topic.get("partitions")) {
            assertEquals("broker", partition.get("leader").asText(), file + ": " + partition);
            // the quorums BookKeeper recorded for the ledger being written, not the ones asked for
            assertEquals(3, partition.get("ensembleSize").asInt(), file + ": " + partition);
            assertEquals(3, partition.get("writeQuorum").asInt(), file + ": " + partition);
            assertEquals(ackQuorum, partition.get("ackQuorum").asText(), file + ": " + partition);
            assertEquals(Set.copyOf(BOOKIES), Set.copyOf(ClusterRuns.names(partition.get("replicas"))), file + ": " + partition);
        }
    }

    /**
     * Every process sampled: each has an RSS, and the bookies and the broker, which carry every message,
     * used CPU (ZooKeeper may idle below the clock tick through a short run).
     */
    private static void assertEveryNodeMeasured(JsonNode cost, Path file) {
        assertEquals(NODES, cost.get("nodes").findValuesAsText("node"), file + ": " + cost);
        double sum = 0;
        for (JsonNode node : cost.get("nodes")) {
            assertTrue(node.get("residentBytesMax").asLong() > 0, file + ": " + node);
            if (!node.get("node").asText().equals("zookeeper")) {
                assertTrue(node.get("cpuCores").asDouble() > 0, file + ": " + node);
            }
            sum += node.get("cpuCores").asDouble();
        }
        assertEquals(cost.get("cpuCores").asDouble(), sum, 0.01, file + ": " + cost);
    }
}
