package io.brokerbench.it.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.ClusterNetwork;
import io.brokerbench.it.FaultRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The primary of a local Redis group (a primary, 2 replicas and a sentinel, each in a network namespace of
 * its own: driver-redis/redis-replicated-netns.yaml; needs root) cut off from the replicas and the sentinel
 * for 10 s, then healed. The sentinel no longer sees the primary, and 5 s on (its down-after) promotes a
 * replica; the run must say that the leadership moved, to another node, and account for every message
 * exactly, whatever was lost: without WAIT, what the cut-off primary acknowledged after its replicas last
 * heard from it exists on it alone, and it becomes a replica of the new primary once healed. Nothing of
 * the group's network is left after the run. What is asserted is what the run reports, not how fast the
 * sentinel acts.
 */
class RedisIsolationIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(400)
    void theSentinelReplacesTheIsolatedPrimaryAndEveryMessageIsAccountedFor() throws Exception {
        FaultRuns.Outcome outcome = ClusterNetwork.runWithLeaderIsolated(dir,
                "driver-redis/redis-replicated-netns.yaml", "redis-[123]");
        String text = outcome.console();
        JsonNode run = outcome.result();

        JsonNode endpoints = run.get("environment").get("localBroker").get("endpoints");
        assertTrue(endpoints.get("host").asText().startsWith("10.250."), endpoints.toString());
        assertTrue(endpoints.get("sentinelHost").asText().startsWith("10.250."), endpoints.toString());
        assertNotEquals(endpoints.get("host").asText(), endpoints.get("sentinelHost").asText(),
                "the sentinel on an address of its own: " + endpoints);

        JsonNode fault = outcome.fault();
        String isolated = fault.get("node").asText();
        assertEquals("redis-1", isolated, "the group starts with redis-1 its primary: " + fault);
        assertNotNull(fault.get("leaderMovedAfterSeconds"), "the sentinel promoted a replica: " + fault + "\n" + text);
        assertNotEquals(isolated, fault.get("leaderAfter").asText(), fault.toString());

        JsonNode messages = run.get("messages");
        assertTrue(messages.get("verified").asBoolean(), messages.toString());
        FaultRuns.assertEveryMessageAccountedFor(messages);
        long faults = messages.get("lost").asLong() + messages.get("duplicated").asLong() + messages.get("reordered").asLong()
                + messages.get("sendFailures").asLong() + messages.get("unacknowledged").asLong();
        assertTrue(faults == 0 ? outcome.exit() == 0 || outcome.exit() == 4 : outcome.exit() == 3,
                "exit " + outcome.exit() + ", " + messages + "\n" + text);
    }
}
