package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A broker's shipped cluster driver files run in one command (each file starts its own cluster in
 * turn), and what every run on a local cluster must show whatever the broker: each result's messages
 * delivered exactly once (or, under a fault, every one accounted for), and no cluster's directory left behind.
 */
public final class ClusterRuns {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String console;
    private final List<JsonNode> results;
    private final List<Path> files;

    private ClusterRuns(String console, List<Path> files) {
        this.console = console;
        this.files = files;
        this.results = files.stream().map(ClusterRuns::read).toList();
    }

    /** Runs {@code workload} with every driver file of {@code drivers} in one command; it must exit 0. */
    public static ClusterRuns run(List<Path> drivers, Path workload, Path resultsDir) throws IOException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        String joined = String.join(",", drivers.stream().map(Path::toString).toList());
        int exit = Main.run(new String[] {"--drivers", joined, workload.toString(), "-o", resultsDir.toString()}, out, out);
        String console = output.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, console);
        List<Path> files;
        try (Stream<Path> listed = Files.list(resultsDir)) {
            files = listed.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(drivers.size(), files.size(), files.toString());
        return new ClusterRuns(console, files);
    }

    /**
     * A workload of 1 KB messages at 1,000 msg/s on one partition, 3 s of warm-up and 30 s measured,
     * with one fault 4 s into the measured phase: {@code action} on {@code target}.
     */
    public static Path faultWorkload(Path dir, String action, String target) throws IOException {
        return Files.writeString(dir.resolve(action + "-" + target + ".yaml"), """
                name: %s %s
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                payloadFile: payload/payload-1Kb.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDurationSeconds: 3
                testDurationSeconds: 30
                reportingIntervalSeconds: 5
                faults:
                  - {atSeconds: 4, action: %s, target: %s}
                """.formatted(target, action, action, target));
    }

    /** One run of one driver file, its exit code, console and result: a run with faults may rightly end 3 or 4. */
    public record SingleRun(int exit, String console, JsonNode result) {
    }

    /** Runs {@code workload} with {@code driver}, the result written to {@code resultFile}, whatever its exit code. */
    public static SingleRun runOnce(Path driver, Path workload, Path resultFile) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", driver.toString(), workload.toString(), "-o", resultFile.toString()},
                out, out);
        return new SingleRun(exit, output.toString(StandardCharsets.UTF_8), read(resultFile));
    }

    public String console() {
        return console;
    }

    /** Each run's result, in the order of {@link #files()}. */
    public List<JsonNode> results() {
        return results;
    }

    /** Each run's result file, for messages. */
    public List<Path> files() {
        return files;
    }

    /** Every message sent was received once: none lost, duplicated, failed or left unacknowledged. */
    public static void assertDeliveredOnce(JsonNode messages, Path file) {
        assertTrue(messages.get("sent").asLong() > 0, file + ": " + messages);
        assertEquals(messages.get("sent").asLong(), messages.get("received").asLong(), file + ": " + messages);
        for (String none : new String[] {"lost", "duplicated", "sendFailures", "unacknowledged"}) {
            assertEquals(0, messages.get(none).asLong(), file + ": " + none + " in " + messages);
        }
    }

    /**
     * The accounting of a run with faults is exact whatever the broker did: what the (first)
     * subscription expects is what was acknowledged, and every one of those was received or counted lost.
     */
    public static void assertEveryMessageAccountedFor(JsonNode messages) {
        long sent = messages.get("sent").asLong();
        long failed = messages.get("sendFailures").asLong();
        long unacknowledged = messages.get("unacknowledged").asLong();
        JsonNode subscription = messages.get("subscriptions").get(0);
        assertEquals(sent - failed - unacknowledged, subscription.get("expected").asLong(), messages.toString());
        long firstDeliveries = subscription.get("received").asLong() - subscription.get("duplicated").asLong();
        assertTrue(firstDeliveries + subscription.get("lost").asLong() >= subscription.get("expected").asLong(),
                messages.toString());
    }

    /** A JSON array of strings as a list. */
    public static List<String> names(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    /** Run directories of local {@code type} brokers in this JVM's temporary directory. */
    public static Set<Path> brokerScratch(String type) throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return Set.copyOf(entries.filter(p -> p.getFileName().toString().startsWith("brokerbench-" + type + "-")).toList());
        }
    }

    private static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new AssertionError("unreadable result " + file, e);
        }
    }
}
