package io.brokerbench.localbroker.nats;

import static io.brokerbench.testing.RecordingCallback.payload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.testing.RecordingCallback;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.nats.NatsBenchmarkDriver;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real 3-node JetStream cluster as a driver file with {@code localBrokerNodes: 3} gets it. */
class NatsClusterIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void startsAWholeClusterThatReplicatesAStreamOnEveryNodeAndRemovesEverythingOnClose() throws Exception {
        long start = System.nanoTime();
        LocalBroker nats = LocalBrokers.start("nats", 3, LocalBrokers.home(), null);
        System.out.printf("[nats-cluster] 3 nodes whole after %d ms%n", (System.nanoTime() - start) / 1_000_000);
        List<ProcessHandle> processes = new ArrayList<>();
        Path runDir;
        try {
            List<BrokerNode> nodes = nats.nodes();
            assertEquals(List.of("nats-1", "nats-2", "nats-3"), nodes.stream().map(BrokerNode::name).toList());
            nodes.forEach(node -> processes.add(node.process()));
            assertEquals(3, processes.stream().map(ProcessHandle::pid).distinct().count(), processes.toString());
            for (BrokerNode node : nodes) {
                assertTrue(node.process().isAlive(), node.name());
                List<String> command = List.of(node.process().info().arguments().orElseThrow());
                assertTrue(command.get(command.size() - 1).endsWith("/" + node.name() + ".conf"), command.toString());
            }
            runDir = Files.readSymbolicLink(Path.of("/proc", Long.toString(processes.get(0).pid()), "cwd"));
            for (int i = 1; i <= 3; i++) {
                assertTrue(Files.isDirectory(runDir.resolve("node-" + i + "/jetstream")), runDir + " node-" + i);
            }

            assertEquals("brokerbench", nats.settings().get("cluster.name"));
            assertEquals("3", nats.settings().get("cluster.nodes"));
            assertTrue(Long.parseLong(nats.settings().get("jetstream.max_storage")) > 0, nats.settings().toString());
            String[] urls = nats.endpoints().get("url").split(",");
            assertEquals(3, urls.length, nats.endpoints().toString());
            Set<Integer> ports = new HashSet<>();
            for (String url : urls) {
                assertEquals("127.0.0.1", URI.create(url).getHost(), url);
                ports.add(URI.create(url).getPort());
            }
            assertEquals(3, ports.size(), nats.endpoints().toString());

            assertWhole(nats);
            assertAnR3StreamIsHeldByEveryNodeAndDeliversExactlyOnce(nats);
        } finally {
            nats.close();
        }
        for (ProcessHandle process : processes) {
            Optional<ProcessHandle> after = ProcessHandle.of(process.pid());
            assertFalse(after.isPresent() && after.get().isAlive(), "nats-server " + process.pid() + " still running");
        }
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    /** Every node is routed to the other two and follows the same meta leader, as its own monitoring port says. */
    private static void assertWhole(LocalBroker nats) throws Exception {
        NatsMonitor monitor = new NatsMonitor();
        Set<String> leaders = new HashSet<>();
        for (Map<String, Object> node : nodeEntries(nats.describe(List.of()))) {
            String url = "http://127.0.0.1:" + node.get("monitorPort");
            assertEquals(2, monitor.json(url + "/routez").path("num_routes").asInt(), node.get("name") + " routes");
            JsonNode meta = monitor.json(url + "/jsz").path("meta_cluster");
            assertEquals(3, meta.path("cluster_size").asInt(), node.get("name") + " " + meta);
            leaders.add(meta.path("leader").asText());
        }
        assertEquals(1, leaders.size(), leaders.toString());
        assertTrue(leaders.iterator().next().matches("nats-[123]"), leaders.toString());
        assertEquals(leaders.iterator().next(), nats.describe(List.of()).get("metaLeader"));
    }

    private void assertAnR3StreamIsHeldByEveryNodeAndDeliversExactlyOnce(LocalBroker nats) throws Exception {
        Path file = Files.writeString(dir.resolve("nats-cluster.yaml"), "name: NATS\n"
                + "driverClass: " + NatsBenchmarkDriver.class.getName() + "\n"
                + "natsHostUrl: " + nats.endpoints().get("url") + "\n"
                + "replicationFactor: 3\n");
        try (NatsBenchmarkDriver driver = new NatsBenchmarkDriver()) {
            driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
            String topic = driver.getTopicNamePrefix() + "-r3/" + System.nanoTime();
            driver.createTopic(topic, 2).join();

            Map<String, Object> stream = awaitHeldByAllNodes(nats, topic);
            assertEquals(3, stream.get("replicas"), stream.toString());
            assertTrue(((String) stream.get("leader")).matches("nats-[123]"), stream.toString());
            assertEquals(topic.replace('/', '_'), stream.get("stream"));

            RecordingCallback received = new RecordingCallback();
            driver.createConsumer(topic, "sub", received).join();
            BenchmarkProducer producer = driver.createProducer(topic).join();
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                sent.add(producer.sendAsync(Optional.of("key-" + (i % 7)), payload(i, 0, 64)));
            }
            CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get();
            RecordingCallback.awaitTotal(List.of(received), 300, WAIT);
            Thread.sleep(500); // a duplicate would arrive after the last original
            List<Long> numbers = received.payloads().stream().map(RecordingCallback::number).toList();
            assertEquals(300, numbers.size(), "messages received");
            assertEquals(300, new HashSet<>(numbers).size(), "distinct messages received");
        }
    }

    /** The stream's entry in describe once all three nodes list their copy (followers create theirs just after the leader). */
    private static Map<String, Object> awaitHeldByAllNodes(LocalBroker nats, String topic) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            @SuppressWarnings("unchecked")
            Map<String, Object> stream =
                    ((List<Map<String, Object>>) nats.describe(List.of(topic)).get("streams")).get(0);
            if (stream.get("replicaNodes").equals(List.of("nats-1", "nats-2", "nats-3"))
                    || System.nanoTime() > deadline) {
                assertEquals(List.of("nats-1", "nats-2", "nats-3"), stream.get("replicaNodes"), stream.toString());
                return stream;
            }
            Thread.sleep(100);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> nodeEntries(Map<String, Object> shape) {
        return (List<Map<String, Object>>) shape.get("nodes");
    }
}
