package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throughput workloads end to end against a real Kafka that the run starts on loopback
 * (driver-kafka/kafka-local.yaml): the max-rate search with short windows, and synchronous sends.
 */
class KafkaThroughputIT {

    private static final String SHAPE = """
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            useRandomizedPayloads: true
            randomizedPayloadPoolSize: 10
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            warmupDurationSeconds: 0
            testDurationSeconds: 3
            reportingIntervalSeconds: 1
            """;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @Test
    @Timeout(180)
    void producerRateZeroSearchesPrintsItsStepsAndMeasuresAtTheRateFound() throws Exception {
        JsonNode result = run(SHAPE + "producerRate: 0\nrateSearchWindowSeconds: 1\nrateSearchStartRate: 20000\n");

        JsonNode search = result.get("rateSearch");
        assertTrue(search.get("sustainableRate").asDouble() >= 20_000, search.toString());
        assertEquals(search.get("windows").asInt(), search.get("steps").size());
        assertTrue(console().contains("rate search: start at 20,000 msg/s"), console());
        assertTrue(console().contains("rate search: sustainable "), console());
        // the measured phase ran at the rate found, and every message arrived
        double measured = result.get("measured").get("publishRate").asDouble();
        assertEquals(search.get("sustainableRate").asDouble(), measured, 0.05 * measured, console());
        assertTrue(result.get("messages").get("deliveredCleanly").asBoolean(), console());
    }

    @Test
    @Timeout(120)
    void oneOutstandingMessageMakesEverySendWaitForItsAcknowledgement() throws Exception {
        JsonNode result = run(SHAPE + "producerRate: 0\nunthrottled: true\nmaxOutstandingPerProducer: 1\n");

        assertTrue(console().contains("synchronous sends"), console());
        JsonNode measured = result.get("measured");
        double rate = measured.get("messagesSent").asDouble() / measured.get("seconds").asDouble();
        double meanAckSeconds = result.get("aggregatedPublishLatencyAvg").asDouble() / 1000;
        // Little's law: messages in flight on average = rate × time each spends in flight, at most 1
        assertTrue(rate * meanAckSeconds <= 1.02, rate + " msg/s × " + meanAckSeconds + " s\n" + console());
        assertTrue(rate > 0, console());
        assertTrue(result.get("messages").get("deliveredCleanly").asBoolean(), console());
    }

    private JsonNode run(String workload) throws Exception {
        Path file = Files.writeString(dir.resolve("workload.yaml"), workload);
        Path out = dir.resolve("result.json");
        PrintStream stream = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", LocalBrokers.home().resolve("driver-kafka/kafka-local.yaml")
                .toString(), file.toString(), "-o", out.toString()}, stream, stream);
        assertEquals(0, exit, console());
        return new ObjectMapper().readTree(out.toFile());
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }
}
