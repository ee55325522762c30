package io.brokerbench.it.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.ClusterNetwork;
import io.brokerbench.it.ClusterRuns;
import io.brokerbench.it.FaultRuns;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker of a local Pulsar cluster (a ZooKeeper, 3 bookies at ensemble 3, write quorum 3, ack quorum 2,
 * one broker, each in a network namespace of its own: driver-pulsar/pulsar-cluster-ack-quorum-2-netns.yaml;
 * needs root) cut off from the ZooKeeper and the bookies for 10 s while the clients still reach it, then
 * healed. A partition's leader is its broker, so that is the node the shipped leader isolation hits. With
 * 2 acknowledgements per entry nothing the broker acknowledged may be lost, duplicated or reordered, and
 * every message is accounted for. Nothing of the cluster's network is left after the run. What is asserted
 * is what the run reports, not how long the broker takes to write again.
 */
class PulsarIsolationIT {

    private static final List<String> BOOKIES = List.of("bookie-1", "bookie-2", "bookie-3");

    @TempDir
    Path dir;

    @Test
    @Timeout(500)
    void theIsolatedBrokerLosesNothingAcknowledgedAndEveryMessageIsAccountedFor() throws Exception {
        FaultRuns.Outcome outcome = ClusterNetwork.runWithLeaderIsolated(dir,
                "driver-pulsar/pulsar-cluster-ack-quorum-2-netns.yaml", "broker");
        String text = outcome.console();
        JsonNode run = outcome.result();

        JsonNode endpoints = run.get("environment").get("localBroker").get("endpoints");
        assertTrue(endpoints.get("serviceUrl").asText().startsWith("pulsar://10.250."), endpoints.toString());
        JsonNode shape = run.get("environment").get("localBroker").get("shape");
        // the bookies registered under their namespace addresses, named back as the nodes they are, and the
        // ledger being written is on all 3
        assertEquals(BOOKIES, ClusterRuns.names(shape.get("writableBookies")), shape.toString());
        JsonNode partition = shape.get("topics").elements().next().get("partitions").get(0);
        assertEquals(Set.copyOf(BOOKIES), Set.copyOf(ClusterRuns.names(partition.get("replicas"))), partition.toString());

        JsonNode messages = run.get("messages");
        assertTrue(messages.get("verified").asBoolean(), messages.toString());
        FaultRuns.assertEveryMessageAccountedFor(messages);
        assertEquals(0, messages.get("lost").asLong(), messages + "\n" + text);
        assertEquals(0, messages.get("duplicated").asLong(), messages + "\n" + text);
        assertEquals(0, messages.get("reordered").asLong(), messages + "\n" + text);
        boolean undelivered = messages.get("unsent").asLong() > 0 || messages.get("unacknowledged").asLong() > 0
                || messages.get("sendFailures").asLong() > 0
                || messages.get("subscriptions").get(0).get("neverReceived").asLong() > 0;
        assertTrue(undelivered ? outcome.exit() == 3 : outcome.exit() == 0 || outcome.exit() == 4,
                "exit " + outcome.exit() + ", " + messages + "\n" + text);
    }
}
