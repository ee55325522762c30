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
 * Share groups end to end against a real Kafka that the run starts on loopback, through the shipped
 * driver file (driver-kafka/kafka-local-share-group.yaml): one partition read by a share group of three
 * consumers, more than the partitions, and every message sent delivered to the subscription exactly
 * once. That the members all get records is shown at the driver level (KafkaBenchmarkDriverIT).
 */
class KafkaShareGroupIT {

    private static final String WORKLOAD = """
            name: share group
            topics: 1
            partitionsPerTopic: 1
            messageSize: 100
            useRandomizedPayloads: true
            randomizedPayloadPoolSize: 10
            subscriptionsPerTopic: 1
            consumerPerSubscription: 3
            producersPerTopic: 1
            producerRate: 2000
            warmupDurationSeconds: 2
            testDurationSeconds: 5
            reportingIntervalSeconds: 1
            """;

    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void moreConsumersThanPartitionsGetEveryMessageOnce() throws Exception {
        Path workload = Files.writeString(dir.resolve("share-group.yaml"), WORKLOAD);
        Path result = dir.resolve("share-group.json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", LocalBrokers.home().resolve("driver-kafka/kafka-local-share-group.yaml")
                .toString(), workload.toString(), "-o", result.toString()}, stream, stream);
        String text = console.toString(StandardCharsets.UTF_8);

        // on a loaded machine the producer may fall behind its schedule (exit 4); what it sent must all arrive once
        assertTrue(exit == 0 || exit == 4 && text.contains("RATE NOT HELD"), "exit " + exit + "\n" + text);
        assertTrue(text.contains("created 3 consumer(s) and 1 producer(s)"), text);
        JsonNode messages = new ObjectMapper().readTree(result.toFile()).get("messages");
        assertTrue(messages.get("sentDeliveredCleanly").asBoolean(), text);
        assertEquals(messages.get("sent").asLong(), messages.get("received").asLong(), text);
        for (String none : new String[] {"lost", "duplicated", "reordered", "sendFailures", "unacknowledged"}) {
            assertEquals(0, messages.get(none).asLong(), none + "\n" + text);
        }
    }
}
