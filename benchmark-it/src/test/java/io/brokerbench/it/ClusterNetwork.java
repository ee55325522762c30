package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A namespaced local cluster ({@code localBrokerNetwork: namespaces}) under a network fault, as the
 * isolation ITs run it: the run, checked to have put its nodes on a namespace subnet and to have left none
 * of the project's {@code brokerbench-*} namespaces and {@code bbn*} links behind (compared with a listing
 * taken before it, so that other runs' are not counted).
 */
public final class ClusterNetwork {

    private ClusterNetwork() {
    }

    /**
     * Runs the namespaced cluster of {@code driver} (as {@link FaultRuns#run}, 40 s measured) with the
     * leader cut off from the other nodes 5 s in, for 10 s; checks the subnet the result records, that the
     * fault hit the leader (one of {@code nodes}, a pattern), was healed and said so, that a leadership that
     * moved went elsewhere, and that the cluster's network is gone after the run.
     */
    public static FaultRuns.Outcome runWithLeaderIsolated(Path dir, String driver, String nodes) throws Exception {
        Set<String> before = ours();
        FaultRuns.Outcome outcome = FaultRuns.run(dir, driver, 40, "{atSeconds: 5, action: isolate, target: leader, seconds: 10}");
        JsonNode broker = outcome.result().get("environment").get("localBroker");
        assertTrue(broker.get("settings").get("network").asText().startsWith("a network namespace per node, 10.250."),
                broker.toString());
        JsonNode fault = outcome.fault();
        String text = outcome.console();
        assertTrue(fault.get("applied").asBoolean(), fault + "\n" + text);
        assertEquals("isolate", fault.get("action").asText(), fault.toString());
        String isolated = fault.get("node").asText();
        assertTrue(isolated.matches(nodes), fault.toString());
        assertEquals(isolated, fault.get("leaderBefore").asText(), "the fault hit the leader: " + fault);
        assertNotNull(fault.get("endedAfterSeconds"), "healed: " + fault);
        assertTrue(text.contains("fault 1: " + isolated + " healed after "), text);
        // the leadership may or may not move within the 10 s; if it did, away from the isolated node
        if (fault.get("leaderMovedAfterSeconds") != null) {
            assertNotEquals(isolated, fault.get("leaderAfter").asText(), fault.toString());
        }
        assertTrue(fault.get("before").get("messages").asLong() > 0, fault.toString());
        Set<String> left = ours();
        left.removeAll(before);
        assertEquals(Set.of(), left, "the cluster's namespaces and links are removed after the run");
        return outcome;
    }

    private static Set<String> ours() throws Exception {
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
