package io.brokerbench.it.kafka;

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
 * The leader of the benchmark's partition cut off from the other nodes for 10 s, then healed, on a
 * local 3-node Kafka whose nodes each run in a network namespace of their own
 * (driver-kafka/kafka-cluster-acks-all-netns.yaml; needs root, as the project's machines run): the run
 * names the node it isolated and when it healed it, says whether and where the leadership moved, and
 * accounts for every message; with acks=all and idempotence nothing acknowledged is lost, duplicated
 * or reordered. Nothing of the cluster's network is left after the run. What is asserted is what the
 * run reports, not how fast the cluster reacts.
 */
class KafkaIsolationIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(400)
    void theIsolatedLeaderIsHealedAndEveryMessageIsAccountedFor() throws Exception {
        FaultRuns.Outcome outcome = ClusterNetwork.runWithLeaderIsolated(dir,
                "driver-kafka/kafka-cluster-acks-all-netns.yaml", "kafka-[123]");
        String text = outcome.console();
        JsonNode run = outcome.result();

        JsonNode broker = run.get("environment").get("localBroker");
        assertTrue(broker.get("endpoints").get("bootstrapServers").asText().startsWith("10.250."), broker.toString());
        assertEquals(3, broker.get("shape").get("liveNodes").size(), "whole at the start: " + broker);

        JsonNode fault = outcome.fault();
        String isolated = fault.get("node").asText();
        assertTrue(text.contains("fault 1: isolate " + isolated + " (leader of partition 0 of "), text);
        if (fault.get("leaderMovedAfterSeconds") != null) {
            assertTrue(text.contains("fault 1: partition 0 of "), text);
        } else {
            assertTrue(text.contains(" still led by "), text);
        }

        FaultRuns.assertEveryMessageAccountedFor(run.get("messages"));
        FaultRuns.assertNothingLostDuplicatedOrReordered(outcome);
    }
}
