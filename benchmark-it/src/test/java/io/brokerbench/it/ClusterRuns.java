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
 * delivered exactly once, and no cluster's directory left behind (a run with a fault: {@link FaultRuns}).
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
