package io.brokerbench.localbroker.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A 3-bookie local Pulsar cluster started by its launcher: five processes on loopback, every bookie
 * writable, a new topic's ledger on all three bookies with the broker's default quorums, its owner
 * and the load manager's leader the broker; and nothing left once closed.
 */
class PulsarClusterLauncherIT {

    private static final List<String> NODES = List.of("zookeeper", "bookie-1", "bookie-2", "bookie-3", "broker");

    @Test
    @Timeout(300)
    @SuppressWarnings("unchecked")
    void startsAWholeClusterWhoseTopicsSpanEveryBookieAndRemovesEverythingOnClose() throws Exception {
        long begin = System.nanoTime();
        LocalBroker pulsar = LocalBrokers.start("pulsar", 3, LocalBrokers.home(), null);
        // printed, not asserted: what docs/clusters.md quotes as the start time and each process's RSS
        System.out.printf("the cluster was whole %.1f s after the start began%n", (System.nanoTime() - begin) / 1e9);
        List<ProcessHandle> processes;
        Path runDir;
        try {
            assertEquals(NODES, pulsar.nodes().stream().map(BrokerNode::name).toList());
            processes = pulsar.nodes().stream().map(BrokerNode::process).toList();
            assertTrue(processes.stream().allMatch(ProcessHandle::isAlive), processes.toString());
            runDir = Path.of(processes.get(0).info().arguments().map(args -> args[args.length - 1]).orElseThrow()).getParent()
                    .getParent();
            assertEquals("3", pulsar.settings().get("managedLedgerDefaultEnsembleSize"));
            assertEquals("3", pulsar.settings().get("managedLedgerDefaultWriteQuorum"));
            assertEquals("2", pulsar.settings().get("managedLedgerDefaultAckQuorum"));
            String httpUrl = pulsar.endpoints().get("httpUrl");
            assertTrue(httpUrl.matches("http://127\\.0\\.0\\.1:\\d+"), httpUrl);
            assertTrue(pulsar.endpoints().get("serviceUrl").matches("pulsar://127\\.0\\.0\\.1:\\d+"), pulsar.endpoints().toString());

            String topic = "persistent://public/default/spread";
            HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(httpUrl + "/admin/v2/persistent/public/default/spread")).timeout(Duration.ofSeconds(30))
                    .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, created.statusCode(), created.body());

            Map<String, Object> shape = pulsar.describe(List.of(topic));
            assertEquals(List.of("bookie-1", "bookie-2", "bookie-3"), shape.get("bookies"), shape.toString());
            assertEquals(List.of("bookie-1", "bookie-2", "bookie-3"), shape.get("writableBookies"), shape.toString());
            assertEquals("broker", shape.get("leaderBroker"), shape.toString());
            Map<String, Object> partition = ((List<Map<String, Object>>) ((Map<String, Map<String, Object>>) shape.get("topics"))
                    .get(topic).get("partitions")).get(0);
            assertEquals("broker", partition.get("leader"), shape.toString());
            assertEquals(3, partition.get("ensembleSize"), shape.toString());
            assertEquals(3, partition.get("writeQuorum"), shape.toString());
            assertEquals(2, partition.get("ackQuorum"), shape.toString());
            assertEquals(List.of("bookie-1", "bookie-2", "bookie-3"), ((List<String>) partition.get("replicas")).stream().sorted().toList());

            assertEquals(Optional.of("broker"), pulsar.leaderOf(topic, 0));
            assertEquals(3, pulsar.replicasOf(topic, 0).size());
            assertEquals(Optional.of("broker"), pulsar.controller());
            for (BrokerNode node : pulsar.nodes()) {
                System.out.printf("%s: RSS %d MiB%n", node.name(), residentMiB(node.process()));
            }
        } finally {
            long closing = System.nanoTime();
            pulsar.close();
            System.out.printf("closed in %.1f s%n", (System.nanoTime() - closing) / 1e9);
        }
        for (ProcessHandle process : processes) {
            assertFalse(process.isAlive(), "process " + process.pid() + " still running");
        }
        assertFalse(Files.exists(runDir), "run dir " + runDir + " not deleted");
    }

    private static long residentMiB(ProcessHandle process) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
            }
        }
        return -1;
    }
}
