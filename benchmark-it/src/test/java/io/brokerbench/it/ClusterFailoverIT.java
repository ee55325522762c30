package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The leader killed mid-run on the local NATS and Redis clusters, as Kafka's is in KafkaLeaderKillIT:
 * NATS R3 loses its stream's leader and JetStream elects another; Redis loses its primary and the
 * sentinel promotes a replica, which the client finds through the sentinel. The run must name the node
 * it killed and the one that took over, and account for every message: NATS R3 acknowledges a publish
 * once a quorum holds it, so none acknowledged may be lost; Redis replicates after acknowledging
 * (without WAIT, and WAIT 1 leaves a replica that may lack a message), so a loss is possible and must
 * be counted, never hidden. What is asserted is what the run reports, not how fast the cluster recovers.
 */
class ClusterFailoverIT {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
        "driver-nats/nats-cluster-r3.yaml, nats-[123], true",
        "driver-redis/redis-replicated.yaml, redis-[123], false",
        "driver-redis/redis-replicated-wait-1.yaml, redis-[123], false"})
    @Timeout(300)
    void theKilledLeaderItsSuccessorAndEveryMessageAreAccountedFor(String driver, String nodes, boolean noLoss)
            throws Exception {
        FaultRuns.Outcome run = FaultRuns.run(dir, driver, 30, "{atSeconds: 4, action: kill, target: leader}");
        String text = run.console();
        int exit = run.exit();

        JsonNode fault = run.fault();
        assertTrue(fault.get("applied").asBoolean(), fault + "\n" + text);
        String killed = fault.get("node").asText();
        assertTrue(killed.matches(nodes), fault.toString());
        assertEquals(killed, fault.get("leaderBefore").asText(), "the fault hit the leader: " + fault);
        assertNotNull(fault.get("leaderMovedAfterSeconds"), "the cluster moved the leadership: " + fault + "\n" + text);
        assertNotEquals(killed, fault.get("leaderAfter").asText(), fault.toString());
        assertTrue(text.contains("fault 1: " + killed + " killed by signal 9"), text);

        JsonNode messages = run.messages();
        assertTrue(messages.get("verified").asBoolean(), messages.toString());
        FaultRuns.assertEveryMessageAccountedFor(messages);
        FaultRuns.assertDeliveryPlacedInTime(run.result());
        if (noLoss) {
            assertEquals(0, messages.get("lost").asLong(), messages.toString());
        }
        long faults = messages.get("lost").asLong() + messages.get("duplicated").asLong() + messages.get("reordered").asLong()
                + messages.get("sendFailures").asLong() + messages.get("unacknowledged").asLong();
        assertTrue(faults == 0 ? exit == 0 || exit == 4 : exit == 3, "exit " + exit + ", " + messages + "\n" + text);
    }
}
