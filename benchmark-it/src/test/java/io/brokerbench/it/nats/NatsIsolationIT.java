package io.brokerbench.it.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.ClusterNetwork;
import io.brokerbench.it.FaultRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leader of the benchmark's stream cut off from the other nodes for 10 s, then healed, on a local
 * 3-node NATS JetStream cluster whose nodes each run in a network namespace of their own
 * (driver-nats/nats-cluster-r3-netns.yaml; needs root): the nodes listen on the namespaces' addresses,
 * the run names the node it isolated and when it healed it, says whether and where the stream's
 * leadership moved, and accounts for every message; R3 acknowledges a publish once a quorum holds it,
 * so nothing acknowledged may be lost. Nothing of the cluster's network is left after the run. What is
 * asserted is what the run reports, not how fast the cluster reacts.
 */
class NatsIsolationIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(400)
    void theIsolatedStreamLeaderIsHealedAndEveryMessageIsAccountedFor() throws Exception {
        FaultRuns.Outcome outcome = ClusterNetwork.runWithLeaderIsolated(dir,
                "driver-nats/nats-cluster-r3-netns.yaml", "nats-[123]");
        String text = outcome.console();
        JsonNode run = outcome.result();

        JsonNode broker = run.get("environment").get("localBroker");
        for (String url : broker.get("endpoints").get("url").asText().split(",")) {
            assertTrue(url.startsWith("nats://10.250."), "every node on its namespace's address: " + broker);
        }

        JsonNode fault = outcome.fault();
        assertEquals(null, fault.get("before").get("retried"), "the NATS client counts no retries: " + fault);

        JsonNode messages = run.get("messages");
        assertTrue(messages.get("verified").asBoolean(), messages.toString());
        FaultRuns.assertEveryMessageAccountedFor(messages);
        assertEquals(0, messages.get("lost").asLong(), "R3: nothing acknowledged is lost: " + messages + "\n" + text);
    }
}
