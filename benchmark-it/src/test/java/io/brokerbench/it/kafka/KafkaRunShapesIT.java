package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.ExitCode;
import io.brokerbench.cli.Main;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Count-bounded runs, {@code --repeat} and rate sweeps through {@code bin/benchmark}'s command line
 * against the real local Kafka that kafka-local.yaml starts (once per command). Only exact counts and
 * the shape of the results are asserted, never a rate or a latency.
 */
@Timeout(180)
class KafkaRunShapesIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void twoProducersPublishExactlyTenThousandMessagesAndAllAreConsumed() throws IOException {
        Path results = benchmark(workload("producersPerTopic: 2\nproducerRate: 5000\ntestDurationSeconds: 600\n"),
                "--test-messages", "10001");

        JsonNode result = JSON.readTree(only(results).toFile());
        JsonNode counted = result.get("countBounded");
        assertEquals(10_001, counted.get("sent").asLong(), counted.toString());
        assertEquals(10_001, counted.get("received").asLong(), counted.toString());
        assertTrue(counted.get("allConsumed").asBoolean());
        assertTrue(counted.get("publishSeconds").asDouble() > 0);
        assertTrue(counted.get("consumeSeconds").asDouble() >= counted.get("publishSeconds").asDouble());
        assertEquals(10_001, result.get("messages").get("sent").asLong());
        assertTrue(result.get("messages").get("deliveredCleanly").asBoolean());
        assertTrue(console().contains("10,001 message(s): published in"), console());
    }

    @Test
    void repeatThreeKeepsEachRunAndSummarisesThem() throws IOException {
        Path results = benchmark(workload("producersPerTopic: 1\nproducerRate: 2000\nwarmupDurationSeconds: 1\ntestDurationSeconds: 2\n"),
                "--repeat", "3");

        List<String> names = jsonFiles(results);
        assertEquals(4, names.size(), names.toString());
        JsonNode summary = JSON.readTree(results.resolve(names.get(3)).toFile());
        assertEquals(3, summary.get("runsSummarised").asInt(), summary.toString());
        JsonNode rate = summary.get("metrics").get("measured.publishRate");
        assertEquals(3, rate.get("values").size());
        assertTrue(rate.get("ci95Low").asDouble() <= rate.get("mean").asDouble()
                && rate.get("mean").asDouble() <= rate.get("ci95High").asDouble(), rate.toString());
        // fresh topics each time: every run verified its own messages only
        for (int r = 0; r < 3; r++) {
            JsonNode run = JSON.readTree(results.resolve(names.get(r)).toFile());
            assertTrue(run.get("messages").get("deliveredCleanly").asBoolean(), names.get(r));
            assertEquals(run.get("messages").get("sent").asLong(), run.get("messages").get("received").asLong());
        }
    }

    @Test
    void aThreeStepSweepWritesOneResultWithEveryStep() throws IOException {
        // on a loaded machine a step may fall behind its schedule (messages due but never sent: exit 4);
        // what must hold is the sweep's shape and that nothing sent was lost or duplicated
        Path results = benchmark(workload("producersPerTopic: 1\nproducerRate: 1\nwarmupDurationSeconds: 1\n"
                + "testDurationSeconds: 2\n"), List.of(ExitCode.OK, ExitCode.RATE_NOT_HELD), "--sweep", "500,1000,2000");

        List<String> names = jsonFiles(results);
        assertEquals(4, names.size(), names.toString());
        JsonNode sweep = JSON.readTree(results.resolve(names.get(3)).toFile());
        assertEquals(3, sweep.get("steps").size());
        for (JsonNode step : sweep.get("steps")) {
            JsonNode delivery = step.get("delivery");
            assertTrue(step.get("complete").asBoolean(), step.toString());
            assertTrue(step.get("sentDeliveredCleanly").asBoolean(), step.toString());
            assertEquals(0, delivery.get("lost").asLong() + delivery.get("duplicated").asLong(), step.toString());
            assertEquals(delivery.get("sent").asLong(), delivery.get("received").asLong(), step.toString());
            assertTrue(step.get("latency").get("endToEndLatency").get("99pct").asDouble() > 0, step.toString());
        }
        assertTrue(sweep.get("knee").has("step"));
        assertTrue(Files.exists(results.resolve(names.get(3).replace(".json", ".html"))));
    }

    @Test
    void aSizeDistributionIsSentInItsProportionsDeliveredAndWeighedByItsMean() throws IOException {
        // messageSize replaced: 8 of the pool's 10 payloads 100 bytes, 2 of them 10 KiB, mean 2,128 bytes
        Path workload = Files.writeString(dir.resolve("workload.yaml"), "name: sizes\ntopics: 1\npartitionsPerTopic: 2\n"
                + "messageSizeDistribution: [{size: 100, weight: 0.8}, {size: 10240, weight: 0.2}]\npayloadSeed: 7\n"
                + "useRandomizedPayloads: true\nrandomBytesRatio: 0.5\nrandomizedPayloadPoolSize: 10\n"
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducersPerTopic: 1\nproducerRate: 2000\n"
                + "reportingIntervalSeconds: 1\n");
        Path results = benchmark(workload, "--test-messages", "5000");

        JsonNode result = JSON.readTree(only(results).toFile());
        JsonNode sizes = result.get("messageSizes");
        assertEquals("[8,2]", sizes.get("payloads").toString(), sizes.toString());
        assertEquals(2128.0, sizes.get("meanSize").asDouble(), sizes.toString());
        assertEquals(7, sizes.get("seed").asLong(), sizes.toString());
        assertEquals(2128, result.get("messageSize").asLong(), "OMB's messageSize: the mean, rounded");
        JsonNode messages = result.get("messages");
        assertEquals(5000, messages.get("sent").asLong(), messages.toString());
        assertTrue(messages.get("deliveredCleanly").asBoolean(), messages.toString());
        // 5,000 messages are 500 whole cycles of the pool: the mean is exactly what was sent per message
        JsonNode measured = result.get("measured");
        assertEquals(measured.get("publishRate").asDouble() * 2128 / 1_048_576, measured.get("publishMBps").asDouble(),
                0.002, measured.toString());
        assertTrue(console().contains("messages of 100 to 10240 bytes (mean 2,128.0)"), console());
    }

    private Path workload(String extra) throws IOException {
        return Files.writeString(dir.resolve("workload.yaml"), "name: shapes\ntopics: 1\npartitionsPerTopic: 2\n"
                + "messageSize: 256\nuseRandomizedPayloads: true\nrandomBytesRatio: 0.5\nrandomizedPayloadPoolSize: 10\n"
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nreportingIntervalSeconds: 1\n"
                + extra);
    }

    private Path benchmark(Path workload, String... options) throws IOException {
        return benchmark(workload, List.of(ExitCode.OK), options);
    }

    private Path benchmark(Path workload, List<Integer> exits, String... options) throws IOException {
        Path results = Files.createDirectory(dir.resolve("results"));
        List<String> args = new ArrayList<>(List.of("--drivers",
                LocalBrokers.home().resolve("driver-kafka/kafka-local.yaml").toString(), "-o", results.toString()));
        args.addAll(List.of(options));
        args.add(workload.toString());
        int exit = Main.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertTrue(exits.contains(exit), "exit " + exit + ": " + err.toString(StandardCharsets.UTF_8) + console());
        return results;
    }

    private String console() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> jsonFiles(Path results) throws IOException {
        try (Stream<Path> files = Files.list(results)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }

    private static Path only(Path results) throws IOException {
        List<String> names = jsonFiles(results);
        assertEquals(1, names.size(), names.toString());
        return results.resolve(names.get(0));
    }
}
