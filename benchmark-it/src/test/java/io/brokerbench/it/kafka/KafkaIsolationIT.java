package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.FaultRuns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
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
        Set<String> networkBefore = ourNetwork();
        FaultRuns.Outcome outcome = FaultRuns.run(dir, "driver-kafka/kafka-cluster-acks-all-netns.yaml", 40,
                "{atSeconds: 5, action: isolate, target: leader, seconds: 10}");
        String text = outcome.console();
        JsonNode run = outcome.result();

        JsonNode broker = run.get("environment").get("localBroker");
        assertTrue(broker.get("settings").get("network").asText().startsWith("a network namespace per node, 10.250."),
                broker.toString());
        assertTrue(broker.get("endpoints").get("bootstrapServers").asText().startsWith("10.250."), broker.toString());
        assertEquals(3, broker.get("shape").get("liveNodes").size(), "whole at the start: " + broker);

        JsonNode fault = run.get("faults").get(0);
        assertTrue(fault.get("applied").asBoolean(), fault.toString());
        assertEquals("isolate", fault.get("action").asText(), fault.toString());
        String isolated = fault.get("node").asText();
        assertTrue(isolated.matches("kafka-[123]"), fault.toString());
        assertEquals(isolated, fault.get("leaderBefore").asText(), "the fault hit the partition's leader: " + fault);
        assertNotNull(fault.get("endedAfterSeconds"), "healed: " + fault);
        assertTrue(text.contains("fault 1: isolate " + isolated + " (leader of partition 0 of "), text);
        assertTrue(text.contains("fault 1: " + isolated + " healed after "), text);
        // the leadership may or may not move within the 10 s; whichever, the run says it consistently
        if (fault.get("leaderMovedAfterSeconds") != null) {
            assertNotEquals(isolated, fault.get("leaderAfter").asText(), fault.toString());
            assertTrue(text.contains("fault 1: partition 0 of "), text);
        } else {
            assertTrue(text.contains(" still led by "), text);
        }
        assertTrue(fault.get("before").get("messages").asLong() > 0, fault.toString());

        FaultRuns.assertEveryMessageAccountedFor(run.get("messages"));
        FaultRuns.assertNothingLostDuplicatedOrReordered(outcome);

        Set<String> left = ourNetwork();
        left.removeAll(networkBefore);
        assertEquals(Set.of(), left, "the cluster's namespaces and links are removed after the run");
    }

    /** This project's namespaces and links on the machine now: {@code brokerbench-*} namespaces, {@code bbn*} links. */
    private static Set<String> ourNetwork() throws Exception {
        String namespaces = output("ip", "netns", "list");
        String links = output("ip", "-o", "link", "show");
        Set<String> ours = namespaces.lines().map(line -> line.split(" ")[0]).filter(name -> name.startsWith("brokerbench-"))
                .collect(Collectors.toSet());
        links.lines().map(line -> line.split(": ")[1].split("@")[0]).filter(name -> name.startsWith("bbn")).forEach(ours::add);
        return ours;
    }

    private static String output(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + text);
        return text;
    }
}
