package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run with one fault on a local cluster (or a cluster of the test's own), as the fault ITs make it:
 * 1 KB at 1,000 msg/s on one partition, run in one command; and the accounting every such run must keep,
 * whatever the fault did.
 */
public final class FaultRuns {

    /** What a run said: its exit code, console and result. */
    public record Outcome(int exit, String console, JsonNode result) {

        /** The result's first fault. */
        public JsonNode fault() {
            return result.get("faults").get(0);
        }

        public JsonNode messages() {
            return result.get("messages");
        }
    }

    private FaultRuns() {
    }

    /**
     * Runs the workload with {@code fault} (one item of {@code faults:}) against the driver file {@code driver}
     * (relative to the project, or absolute).
     */
    public static Outcome run(Path dir, String driver, int testSeconds, String fault) throws IOException {
        Path workload = Files.writeString(dir.resolve("fault.yaml"), """
                name: one fault
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                payloadFile: payload/payload-1Kb.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDurationSeconds: 3
                reportingIntervalSeconds: 5
                """ + "testDurationSeconds: " + testSeconds + "\nfaults:\n  - " + fault + "\n");
        Path result = dir.resolve("result.json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", LocalBrokers.home().resolve(driver).toString(), workload.toString(),
                "-o", result.toString()}, out, out);
        return new Outcome(exit, console.toString(StandardCharsets.UTF_8), new ObjectMapper().readTree(result.toFile()));
    }

    /**
     * The accounting is exact whatever the broker did: sent = acknowledged + failed + unacknowledged (what
     * the subscription expects is what was acknowledged), and every acknowledged message was received or
     * counted lost.
     */
    public static void assertEveryMessageAccountedFor(JsonNode messages) {
        long sent = messages.get("sent").asLong();
        long failed = messages.get("sendFailures").asLong();
        long unacknowledged = messages.get("unacknowledged").asLong();
        JsonNode subscription = messages.get("subscriptions").get(0);
        assertEquals(sent - failed - unacknowledged, subscription.get("expected").asLong(), messages.toString());
        // a send reported failed that arrived all the same is counted apart, not among what was expected
        long firstDeliveries = subscription.get("received").asLong() - subscription.get("duplicated").asLong()
                - subscription.get("failedButReceived").asLong();
        assertTrue(firstDeliveries + subscription.get("lost").asLong() >= subscription.get("expected").asLong(),
                messages.toString());
    }

    /**
     * Every message was placed at its intended second: one entry per second of the measured phase, and
     * each applied fault's window with its messages; none of their counts exceeds the run's own.
     */
    public static void assertDeliveryPlacedInTime(JsonNode result) {
        JsonNode seconds = result.get("faultDelivery");
        assertTrue(seconds != null && seconds.isArray() && seconds.size() > 0, "no per-second delivery: " + seconds);
        JsonNode subscription = result.get("messages").get("subscriptions").get(0);
        long intended = 0;
        long neverReceived = 0;
        long duplicated = 0;
        for (JsonNode second : seconds) {
            intended += second.get("intended").asLong();
            neverReceived += second.get("neverReceived").asLong();
            duplicated += second.get("duplicated").asLong();
        }
        assertTrue(intended > 0, seconds.toString());
        assertTrue(neverReceived <= subscription.get("neverReceived").asLong(), neverReceived + " > " + subscription);
        assertTrue(duplicated <= subscription.get("duplicated").asLong(), duplicated + " > " + subscription);
        for (JsonNode fault : result.get("faults")) {
            if (fault.get("applied").asBoolean()) {
                JsonNode window = fault.get("delivery");
                assertTrue(window != null && window.get("intended").asLong() > 0, fault.toString());
                assertTrue(window.get("neverReceived").asLong() <= neverReceived, fault + " beyond " + neverReceived);
            }
        }
    }

    /** acks=all, min.insync.replicas=2, idempotence on: nothing acknowledged is lost, repeated or reordered. */
    public static void assertNothingLostDuplicatedOrReordered(Outcome run) {
        JsonNode messages = run.result().get("messages");
        assertEquals(0, messages.get("lost").asLong(), messages.toString());
        assertEquals(0, messages.get("duplicated").asLong(), messages.toString());
        assertEquals(0, messages.get("reordered").asLong(), messages.toString());
        assertTrue(run.exit() == 0 || run.exit() == 4, "exit " + run.exit() + " (4: the producer had not caught up by the"
                + " end)\n" + run.console());
    }
}
