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
 * Transactions with aborts end to end against a real Kafka that each run starts on loopback, through
 * the shipped driver files: every tenth transaction of 100 is aborted after its messages reached the
 * log. A read_committed subscription must receive none of them and every committed one; a
 * read_uncommitted one receives all of them, and the run counts them without counting any as lost.
 * That the verdict fails when a consumer declared read_committed receives an aborted message is shown
 * in DeliveryVerifierTest (a read_uncommitted delivery declared read_committed): a real read_committed
 * consumer never does, which is what this asserts.
 */
class KafkaTransactionsIT {

    private static final String WORKLOAD = """
            name: transactions
            topics: 1
            partitionsPerTopic: 2
            messageSize: 100
            useRandomizedPayloads: true
            randomizedPayloadPoolSize: 10
            subscriptionsPerTopic: 1
            consumerPerSubscription: 2
            producersPerTopic: 2
            producerRate: 1000
            warmupDurationSeconds: 2
            testDurationSeconds: 6
            reportingIntervalSeconds: 1
            """;

    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void readCommittedNeverSeesAnAbortedMessage() throws Exception {
        Run run = run("driver-kafka/kafka-local-transactions.yaml");
        JsonNode subscription = assertCleanWithAborts(run);
        assertEquals(0, subscription.get("abortedSeen").asLong(), run.console);
        assertEquals(0, subscription.get("abortedReadCommitted").asLong(), run.console);
        assertEquals(0, subscription.get("neverReceived").asLong(), "aborted messages are not missing: " + run.console);
        assertTrue(run.console.contains(" seen by consumers, 0 of those by consumers reading only committed data"),
                run.console);
        assertTransactionMetrics(run);
    }

    @Test
    @Timeout(300)
    void readUncommittedSeesEveryAbortedMessageAndTheRunStaysClean() throws Exception {
        Run run = run("driver-kafka/kafka-local-transactions-read-uncommitted.yaml");
        JsonNode subscription = assertCleanWithAborts(run);
        // the producer flushes an aborted transaction's messages before the abort, so all are in the log
        assertEquals(subscription.get("aborted").asLong(), subscription.get("abortedSeen").asLong(), run.console);
        assertEquals(0, subscription.get("abortedReadCommitted").asLong(), run.console);
        JsonNode messages = run.result.get("messages");
        assertEquals(messages.get("sent").asLong(), messages.get("received").asLong(),
                "every message, aborted ones included, arrived: " + run.console);
    }

    /** The verdict is clean, a tenth of the transactions' messages were aborted, and none counts as lost. */
    private static JsonNode assertCleanWithAborts(Run run) {
        // a commit blocks the load thread, so on a loaded machine the producers may fall behind their schedule
        // (exit 4, rate not held); what they sent must still be delivered as promised
        assertTrue(run.exit == 0 || run.exit == 4 && run.console.contains("RATE NOT HELD"), "exit " + run.exit + "\n" + run.console);
        JsonNode messages = run.result.get("messages");
        assertTrue(messages.get("sentDeliveredCleanly").asBoolean(), run.console);
        for (String none : new String[] {"lost", "duplicated", "sendFailures", "unacknowledged"}) {
            assertEquals(0, messages.get(none).asLong(), none + "\n" + run.console);
        }
        JsonNode subscription = messages.get("subscriptions").get(0);
        long aborted = subscription.get("aborted").asLong();
        long sent = messages.get("sent").asLong();
        // every tenth transaction; transactions ended early by a pause in sending are smaller, so the share is loose
        assertTrue(aborted > 0 && aborted < sent / 4, aborted + " of " + sent + " aborted\n" + run.console);
        assertEquals(sent - aborted, subscription.get("expected").asLong(), run.console);
        assertTrue(run.console.contains(String.format("aborted transactions: %,d message(s) aborted on purpose", aborted)),
                run.console);
        return subscription;
    }

    private static void assertTransactionMetrics(Run run) {
        boolean commits = false;
        for (JsonNode interval : run.result.get("intervals")) {
            JsonNode client = interval.path("clientMetrics");
            if (client.has("kafka.producer.txn-commit-latency-p99")) {
                commits = true;
                double p50 = client.get("kafka.producer.txn-commit-latency-p50").asDouble();
                double p99 = client.get("kafka.producer.txn-commit-latency-p99").asDouble();
                assertTrue(p50 > 0 && p99 >= p50, client.toString());
                double size = client.get("kafka.producer.txn-size-avg").asDouble();
                assertTrue(size > 0 && size <= 100, client.toString());
            }
        }
        assertTrue(commits, "commit latency reported: " + run.result.get("intervals"));
    }

    private record Run(int exit, String console, JsonNode result) {
    }

    private Run run(String driverFile) throws Exception {
        Path workload = Files.writeString(dir.resolve("transactions.yaml"), WORKLOAD);
        Path result = dir.resolve(Path.of(driverFile).getFileName() + ".json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", LocalBrokers.home().resolve(driverFile).toString(),
                workload.toString(), "-o", result.toString()}, stream, stream);
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(Files.exists(result), "no result (exit " + exit + ")\n" + text);
        return new Run(exit, text, new ObjectMapper().readTree(result.toFile()));
    }
}
