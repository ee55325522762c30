package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Share groups end to end against a real Kafka that the run starts on loopback, through the shipped
 * driver files: one partition read by a share group of three consumers, more than the partitions, and
 * every message sent delivered to the subscription exactly once (kafka-local-share-group.yaml, and
 * kafka-cluster-share-group.yaml on the local 3-node cluster at RF 3); with a
 * tenth of the deliveries released and a hundredth rejected, judged by the queue's rules
 * (kafka-local-share-group-redelivery.yaml); and with every delivery released until the broker archives
 * the record; and with consumers that stall past their records' acquisition locks
 * (kafka-local-share-group-lock-timeout.yaml), so that the broker takes records back unreleased. That the
 * members all get records is shown at the driver level (KafkaBenchmarkDriverIT).
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

    @ParameterizedTest
    @ValueSource(strings = {"driver-kafka/kafka-local-share-group.yaml", "driver-kafka/kafka-cluster-share-group.yaml"})
    @Timeout(300)
    void moreConsumersThanPartitionsGetEveryMessageOnce(String driverFile) throws Exception {
        StringBuilder text = new StringBuilder();
        JsonNode messages = run(LocalBrokers.home().resolve(driverFile), text).get("messages");

        // on a loaded machine the producer may fall behind its schedule (exit 4); what it sent must all arrive once
        assertTrue(text.toString().contains("created 3 consumer(s) and 1 producer(s)"), text.toString());
        assertTrue(messages.get("sentDeliveredCleanly").asBoolean(), text.toString());
        assertEquals(messages.get("sent").asLong(), messages.get("received").asLong(), text.toString());
        for (String none : new String[] {"lost", "duplicated", "reordered", "sendFailures", "unacknowledged"}) {
            assertEquals(0, messages.get(none).asLong(), none + "\n" + text);
        }
    }

    /** Runs {@code driverFile} (relative to the project) on the workload; returns the result and the console. */
    private JsonNode run(Path driverFile, StringBuilder consoleText) throws Exception {
        Path workload = Files.writeString(dir.resolve("share-group.yaml"), WORKLOAD);
        Path result = dir.resolve("share-group-" + driverFile.getFileName() + ".json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", driverFile.toString(), workload.toString(), "-o", result.toString()},
                stream, stream);
        consoleText.append(console.toString(StandardCharsets.UTF_8));
        assertTrue(exit == 0 || exit == 4 && consoleText.toString().contains("RATE NOT HELD"), "exit " + exit + "\n" + consoleText);
        return new ObjectMapper().readTree(result.toFile());
    }

    @Test
    @Timeout(300)
    void releasedRecordsComeBackAndRejectedOnesAreAccountedForNotLost() throws Exception {
        StringBuilder text = new StringBuilder();
        JsonNode result = run(LocalBrokers.home().resolve("driver-kafka/kafka-local-share-group-redelivery.yaml"), text);
        JsonNode messages = result.get("messages");
        assertTrue(messages.get("sentDeliveredCleanly").asBoolean(), text.toString());
        JsonNode queue = messages.get("subscriptions").get(0).get("queue");
        long sent = messages.get("sent").asLong();
        long released = queue.get("released").asLong();
        long rejected = queue.get("rejected").asLong();
        long archived = queue.get("archived").asLong();
        // each consumer releases floor(n / 10) and rejects floor(n / 100) of its n deliveries
        assertTrue(released >= sent / 10 - 3 && rejected >= sent / 100 - 3, queue + "\n" + text);
        assertTrue(queue.get("redelivered").asLong() > 0, queue.toString());
        // released by a consumer or not (a lock that timed out, a member that left): told apart, within the redelivered
        assertTrue(queue.has("redeliveredUnreleased") && queue.get("redeliveredUnreleased").asLong() <= queue.get("redelivered").asLong(),
                queue.toString());
        // every message settled once: accepted (some again, after a lock timed out), rejected or archived; the
        // run's received count (its consume rate's) counts each once
        long accepted = messages.get("subscriptions").get(0).get("received").asLong();
        assertEquals(sent + queue.get("acceptedAgain").asLong(), accepted + rejected + archived, queue + "\n" + text);
        long counted = messages.get("received").asLong();
        assertTrue(counted >= sent && counted <= sent + queue.get("acceptedAgain").asLong(), counted + "\n" + text);
        long settled = 0;
        for (JsonNode onAttempt : queue.get("settledOnAttempt")) {
            settled += onAttempt.asLong();
        }
        assertEquals(accepted + rejected + archived, settled, queue.toString());
        assertTrue(queue.get("settledOnAttempt").get(1).asLong() > 0, "some settled on their second attempt: " + queue);
        assertTrue(queue.get("redeliveredEndToEndLatency").get("99pct").asDouble() > 0, queue.toString());
        assertFalse(messages.get("subscriptions").get(0).get("orderingJudged").asBoolean());
        assertTrue(text.toString().contains("  queue ") && text.toString().contains("released"), text.toString());
    }

    @Test
    @Timeout(300)
    void aRecordReleasedOnEveryAttemptIsArchivedAtTheDeliveryCountLimit() throws Exception {
        Path driverFile = dir.resolve("release-everything.yaml");
        Files.writeString(driverFile, Files.readString(LocalBrokers.home().resolve("driver-kafka/kafka-local-share-group-redelivery.yaml"))
                .replace("releaseFraction: 0.1", "releaseFraction: 1").replace("rejectFraction: 0.01\n", "")
                .replace("deliveryCountLimit: 5", "deliveryCountLimit: 2"));
        StringBuilder text = new StringBuilder();
        JsonNode messages = run(driverFile, text).get("messages");
        JsonNode queue = messages.get("subscriptions").get(0).get("queue");
        long sent = messages.get("sent").asLong();
        assertEquals(0, messages.get("lost").asLong(), text.toString());
        assertEquals(0, messages.get("subscriptions").get(0).get("received").asLong(), "none accepted: " + text);
        assertEquals(sent, queue.get("archived").asLong(), queue + "\n" + text);
        assertEquals(2 * sent, queue.get("released").asLong(), "released on attempts 1 and 2: " + queue);
        assertEquals(sent, queue.get("settledOnAttempt").get(1).asLong(), queue.toString());
    }

    @Test
    @Timeout(300)
    void recordsHeldPastTheirLockGoToAnotherMemberAndNoneIsLost() throws Exception {
        Path driverFile = dir.resolve("lock-timeout.yaml");
        // a stall on every 5th poll with records instead of every 50th: several in a 7 s run, however fast it polls
        Files.writeString(driverFile, Files.readString(LocalBrokers.home().resolve("driver-kafka/kafka-local-share-group-lock-timeout.yaml"))
                .replace("stallEveryPolls: 50", "stallEveryPolls: 5"));
        StringBuilder text = new StringBuilder();
        JsonNode result = run(driverFile, text);
        JsonNode messages = result.get("messages");
        JsonNode queue = messages.get("subscriptions").get(0).get("queue");
        assertEquals(0, messages.get("lost").asLong(), text.toString());
        assertEquals(0, messages.get("duplicated").asLong(), text.toString());
        assertEquals(0, queue.get("released").asLong(), "the consumers release nothing themselves: " + queue);
        // the stalled holder handed its records on after their locks had timed out, and the broker delivered
        // them again (often to the same member, polling again first): accepted twice, as the queue's rules allow
        assertTrue(queue.get("acceptedAgain").asLong() > 0, queue + "\n" + text);
        assertTrue(queue.get("settledOnAttempt").get(1).asLong() > 0, queue.toString());
        long accepted = messages.get("subscriptions").get(0).get("received").asLong();
        assertEquals(messages.get("sent").asLong() + queue.get("acceptedAgain").asLong(),
                accepted + queue.get("rejected").asLong() + queue.get("archived").asLong(), queue + "\n" + text);
        // the stalled holder's late acknowledgements: the broker refused them
        double refused = 0;
        for (JsonNode interval : result.get("intervals")) {
            refused += interval.path("clientMetrics").path("kafka.consumer.refused-acknowledgement-rate").asDouble();
        }
        assertTrue(refused > 0, "no refused acknowledgement counted: " + result.get("intervals"));
    }
}
