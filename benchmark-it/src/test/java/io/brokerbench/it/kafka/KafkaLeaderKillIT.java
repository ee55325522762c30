package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.FaultRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The leader of the benchmark's partition killed mid-run on a local 3-node Kafka at replication factor
 * 3 (driver-kafka/kafka-cluster-acks-{all,1}.yaml), as a workload's fault: the run names the node it
 * killed and the leader the cluster moved to, judges what the clients saw from snapshots a quarter
 * second apart, and accounts for every message. With acks=all and idempotence nothing acknowledged may
 * be lost, duplicated or reordered; with acks=1 whatever is lost is counted, never hidden. What is
 * asserted is what the run reports, not how fast the broker recovers.
 */
class KafkaLeaderKillIT {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"all", "1"})
    @Timeout(300)
    void theKilledLeaderTheNewOneAndEveryMessageAreAccountedFor(String acks) throws Exception {
        FaultRuns.Outcome outcome = FaultRuns.run(dir, "driver-kafka/kafka-cluster-acks-" + acks + ".yaml", 30,
                "{atSeconds: 4, action: kill, target: leader}");
        int exit = outcome.exit();
        String text = outcome.console();
        JsonNode run = outcome.result();

        JsonNode fault = run.get("faults").get(0);
        assertTrue(fault.get("applied").asBoolean(), fault.toString());
        String killed = fault.get("node").asText();
        assertTrue(killed.matches("kafka-[123]"), fault.toString());
        assertEquals(killed, fault.get("leaderBefore").asText(), "the fault hit the partition's leader: " + fault);
        assertNotNull(fault.get("leaderMovedAfterSeconds"), "the cluster moved the leadership: " + fault);
        assertNotEquals(killed, fault.get("leaderAfter").asText(), fault.toString());
        // not before its second; how late depends on how fast the loaded machine's brokers name the leader
        assertTrue(fault.get("startedAtSeconds").asDouble() >= 4, fault.toString());
        assertTrue(text.contains("fault 1: kill " + killed + " (leader of partition 0 of "), text);
        assertTrue(text.contains("fault 1: " + killed + " killed by signal 9"), text);
        assertTrue(fault.get("before").get("messages").asLong() > 0, fault.toString());
        assertNotNull(fault.get("during"), fault.toString());
        // Kafka's client counts its retries: a count (0 or more) in every stretch and every tick, never "not counted"
        assertTrue(fault.get("before").has("retried") && fault.get("during").path("retried").asLong(-1) >= 0, fault.toString());
        assertTrue(run.get("faultTimeline").get(0).has("retryRate"), run.get("faultTimeline").get(0).toString());
        assertTrue(run.get("environment").get("localBroker").get("shape").get("liveNodes").size() == 3, "whole at the start");
        assertTickedFinerThanItsIntervals(run.get("faultTimeline"));

        JsonNode messages = run.get("messages");
        FaultRuns.assertEveryMessageAccountedFor(messages);
        FaultRuns.assertDeliveryPlacedInTime(run);
        if (acks.equals("all")) {
            FaultRuns.assertNothingLostDuplicatedOrReordered(outcome);
        } else {
            // acks=1, idempotence off: a loss, a duplicate or a reordering (retried batches overtaking each
            // other), if any, is reported as such with exit 3, never hidden
            long faults = messages.get("lost").asLong() + messages.get("duplicated").asLong()
                    + messages.get("reordered").asLong();
            assertTrue(faults == 0 ? exit == 0 || exit == 4 : exit == 3, "exit " + exit + "\n" + text);
        }
    }

    /**
     * A follower of the partition frozen for 10 s: no node is lost, so no leader moves, but with acks=all the
     * leader waits for the frozen replica until it drops it from the in-sync replicas (docs/faults.md
     * measured a 9 s stall). Whether the clients noticed is reported, not assumed either way: the test
     * asserts that the run names the follower, leaves the leader where it was, resumes the node, and loses
     * nothing acknowledged.
     */
    @Test
    @Timeout(300)
    void aPausedFollowerIsNamedResumedAndLosesNothing() throws Exception {
        FaultRuns.Outcome run = FaultRuns.run(dir, "driver-kafka/kafka-cluster-acks-all.yaml", 30,
                "{atSeconds: 4, action: pause, target: follower, seconds: 10}");

        JsonNode fault = run.fault();
        assertTrue(fault.get("applied").asBoolean(), fault.toString());
        String paused = fault.get("node").asText();
        assertTrue(fault.get("role").asText().startsWith("follower of partition 0 of "), fault.toString());
        assertNotEquals(paused, fault.get("leaderBefore").asText(), "a follower, not the leader: " + fault);
        assertEquals(null, fault.get("leaderMovedAfterSeconds"), "no node was lost, no leader moved: " + fault);
        assertTrue(fault.get("endedAfterSeconds").asDouble() >= 10, "resumed after its 10 s: " + fault);
        assertTrue(run.console().contains("fault 1: " + paused + " resumed after 1"), run.console());
        FaultRuns.assertEveryMessageAccountedFor(run.messages());
        FaultRuns.assertNothingLostDuplicatedOrReordered(run);
    }

    /** Ticks a quarter second apart through the measured phase, though the intervals are 5 s. */
    private static void assertTickedFinerThanItsIntervals(JsonNode timeline) {
        assertTrue(timeline.size() > 60, "ticks over 30 s: " + timeline.size());
        double previous = 0;
        double widest = 0;
        for (JsonNode tick : timeline) {
            widest = Math.max(widest, tick.get("atSeconds").asDouble() - previous);
            previous = tick.get("atSeconds").asDouble();
        }
        assertTrue(widest < 1.5, "the widest gap between ticks: " + widest + " s");
    }
}
