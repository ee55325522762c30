package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.ExitCode;
import io.brokerbench.cli.Main;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on a topic that exists before them, through {@code bin/benchmark}'s command line, against one
 * real local Kafka this class starts and keeps across its cases (a driver file with {@code localBroker}
 * would start a fresh broker per command, without the topic): a topic that does not exist is bad
 * input, a producer-only run publishes into the topic, a consumer-only run then drains it, and a run
 * with both is judged on its own messages, not those the first run left there. The
 * test creates the topic with Kafka's admin client, so it can tell that the runs create and delete
 * none. Only counts are asserted, never a rate or a latency.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(240)
class KafkaExistingTopicsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOPIC = "orders-before-the-run";
    private static final int PARTITIONS = 3;
    private static final int MESSAGES = 6_001;
    private static final int MESSAGE_SIZE = 256;

    /** Static: a field of the instance is not yet injected when {@code @BeforeAll} runs. */
    @TempDir
    static Path dir;

    private LocalBroker broker;
    private Admin admin;
    private Path driverFile;

    @BeforeAll
    void startKafkaWithOneTopic() throws Exception {
        broker = LocalBrokers.start("kafka", LocalBrokers.home());
        String bootstrap = broker.endpoints().get("bootstrapServers");
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000));
        admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1))).all().get(60, TimeUnit.SECONDS);
        // reset on: it deletes leftovers of the driver's own prefix only, never a topic a workload names
        driverFile = Files.writeString(dir.resolve("kafka-existing.yaml"), """
                name: Kafka (existing topic)
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                reset: true
                commonConfig: |
                  bootstrap.servers=%s
                producerConfig: |
                  acks=all
                  linger.ms=1
                consumerConfig: |
                  auto.offset.reset=earliest
                  enable.auto.commit=false
                """.formatted(bootstrap));
    }

    @AfterAll
    void stopKafka() {
        if (admin != null) {
            admin.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    @Order(1)
    void aNamedTopicThatDoesNotExistIsBadInputAndNothingIsCreated() throws Exception {
        Run run = benchmark("missing", "existingTopicList: [" + TOPIC + ", no-such-topic]\nproducersPerTopic: 1\n"
                + "subscriptionsPerTopic: 0\nproducerRate: 100\ntestDurationSeconds: 1\nwarmupDurationSeconds: 0\n");

        assertEquals(ExitCode.BAD_INPUT, run.exit(), run.err() + run.out());
        List<String> lines = run.err().lines().filter(line -> !line.isBlank()).toList();
        assertEquals(1, lines.size(), run.err());
        assertTrue(lines.get(0).startsWith("error: ") && lines.get(0).contains("missing.yaml")
                && lines.get(0).contains("'existingTopicList[1]' = 'no-such-topic'") && lines.get(0).contains("no such topic"),
                lines.get(0));
        assertEquals(List.of(), run.results(), "nothing ran, so there is no result");
        assertEquals(Set.of(TOPIC), topics());
    }

    @Test
    @Order(2)
    void aProducerOnlyRunPublishesIntoTheExistingTopicAndClaimsOnlyItsAcknowledgements() throws Exception {
        // partitionsPerTopic as files of OMB forks carry it, a placeholder: the broker's count is used
        Run run = benchmark("produce", "existingTopicList: [" + TOPIC + "]\npartitionsPerTopic: 1\nproducersPerTopic: 2\n"
                + "subscriptionsPerTopic: 0\nproducerRate: 3000\ntestMessages: " + MESSAGES + "\n");

        assertEquals(ExitCode.OK, run.exit(), run.err() + run.out());
        JsonNode result = run.onlyResult();
        assertEquals(PARTITIONS, result.get("existingTopics").get(TOPIC).asInt(), result.get("existingTopics").toString());
        assertEquals(PARTITIONS, result.get("partitions").asInt(), "OMB's field: the broker's count");
        assertTrue(run.out().contains("says partitionsPerTopic: 1, but " + TOPIC + " has another count on Kafka (existing topic):"
                + " each topic runs with the broker's"), run.out());
        JsonNode messages = result.get("messages");
        assertEquals(MESSAGES, messages.get("sent").asLong(), messages.toString());
        assertEquals(0, messages.get("received").asLong(), messages.toString());
        assertTrue(messages.get("allAcknowledged").asBoolean(), messages.toString());
        assertFalse(messages.has("deliveredCleanly"), "no subscription saw the messages: " + messages);
        assertFalse(messages.has("sentDeliveredCleanly"), messages.toString());
        assertFalse(messages.get("verified").asBoolean(), messages.toString());
        assertTrue(run.out().contains("producer-only, judged by acknowledgements alone: sent 6,001, acknowledged 6,001"),
                run.out());
        assertEquals(MESSAGES, messagesIn(TOPIC), "every acknowledged message is in the topic");
        assertEquals(Set.of(TOPIC), topics(), "the run created and deleted no topic");
    }

    @Test
    @Order(3)
    void aConsumerOnlyRunDrainsWhatTheProducerOnlyRunLeft() throws Exception {
        Run run = benchmark("drain", "existingTopicList: [" + TOPIC + "]\nproducersPerTopic: 0\nsubscriptionsPerTopic: 1\n"
                + "consumerPerSubscription: 2\ntestDurationSeconds: 180\n");

        assertEquals(ExitCode.OK, run.exit(), run.err() + run.out());
        JsonNode result = run.onlyResult();
        JsonNode read = result.get("consumerOnly");
        assertEquals(MESSAGES, read.get("messages").asLong(), read.toString());
        assertEquals((long) MESSAGES * MESSAGE_SIZE, read.get("bytes").asLong(), read.toString());
        assertTrue(read.get("endedQuiet").asBoolean(), read.toString());
        assertTrue(read.get("readSeconds").asDouble() > 0, read.toString());
        assertEquals(read.get("messages").asDouble() / read.get("readSeconds").asDouble(), read.get("readRate").asDouble(),
                0.01 * read.get("readRate").asDouble(), read.toString());
        JsonNode messages = result.get("messages");
        assertEquals(0, messages.get("sent").asLong(), messages.toString());
        assertFalse(messages.has("deliveredCleanly"), "the messages read are not the run's: " + messages);
        assertFalse(messages.has("allAcknowledged"), messages.toString());
        for (JsonNode worker : result.get("workers")) {
            assertEquals("consumer", worker.get("role").asText(), result.get("workers").toString());
        }
        assertTrue(run.out().contains("consumer-only: read 6,001 message(s), 1,536,256 bytes"), run.out());
        assertEquals(Set.of(TOPIC), topics(), "the run created and deleted no topic");
        assertEquals(MESSAGES, messagesIn(TOPIC), "reading took nothing away");
    }

    @Test
    @Order(4)
    void aRunWithProducersAndConsumersOnTheTopicIsJudgedOnItsOwnMessagesNotTheEarlierRunsLeftThere() throws Exception {
        Run run = benchmark("both", "existingTopicList: [" + TOPIC + "]\nproducersPerTopic: 1\nsubscriptionsPerTopic: 1\n"
                + "consumerPerSubscription: 1\nproducerRate: 2000\ntestMessages: 3000\n");

        assertEquals(ExitCode.OK, run.exit(), run.err() + run.out());
        JsonNode messages = run.onlyResult().get("messages");
        assertTrue(messages.get("deliveredCleanly").asBoolean(), messages.toString());
        assertEquals(3000, messages.get("received").asLong(), messages.toString());
        assertEquals(0, messages.get("duplicated").asLong(), messages.toString());
        assertEquals(MESSAGES, messages.get("foreign").asLong(), "the producer-only run's messages, read but not judged");
        // and this run's readiness probes, sent in rounds until the consumer saw one: how many is not fixed
        long held = messagesIn(TOPIC);
        assertTrue(held >= MESSAGES + 3000, "messages in the topic: " + held);
    }

    private Run benchmark(String name, String keys) throws IOException {
        Path workload = Files.writeString(dir.resolve(name + ".yaml"), "name: " + name + "\nmessageSize: " + MESSAGE_SIZE
                + "\nuseRandomizedPayloads: true\nrandomBytesRatio: 0.5\nrandomizedPayloadPoolSize: 10\n"
                + "reportingIntervalSeconds: 1\n" + keys);
        Path results = Files.createDirectories(dir.resolve("results-" + name));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"--drivers", driverFile.toString(), "-o", results.toString(), workload.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.list(results)) {
            List<Path> json = files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
            return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), json);
        }
    }

    private Set<String> topics() throws Exception {
        return admin.listTopics().names().get(30, TimeUnit.SECONDS);
    }

    /** Messages the topic holds: the sum of its partitions' end offsets (it started empty, nothing is deleted). */
    private long messagesIn(String topic) throws Exception {
        Map<TopicPartition, OffsetSpec> ends = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS)
                .get(topic).partitions().stream()
                .collect(Collectors.toMap(p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
        return admin.listOffsets(ends).all().get(30, TimeUnit.SECONDS).values().stream()
                .mapToLong(info -> info.offset()).sum();
    }

    private record Run(int exit, String out, String err, List<Path> results) {

        JsonNode onlyResult() throws IOException {
            assertEquals(1, results.size(), results.toString());
            return JSON.readTree(results.get(0).toFile());
        }
    }
}
