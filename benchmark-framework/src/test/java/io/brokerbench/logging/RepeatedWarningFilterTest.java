package io.brokerbench.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.brokerbench.testing.SimultaneousThreads;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The filter in a logback context of its own, logging through real loggers into a list appender. */
class RepeatedWarningFilterTest {

    private static final String NETWORK_CLIENT = "org.apache.kafka.clients.NetworkClient";
    private static final String UNREACHABLE = "Connection to node {} ({}) could not be established. Node may not be available.";

    private final LoggerContext context = new LoggerContext();
    private final RepeatTally tally = new RepeatTally();
    private final ListAppender<ILoggingEvent> console = new ListAppender<>();

    @BeforeEach
    void installFilter() {
        RepeatedWarningFilter filter = new RepeatedWarningFilter(tally);
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
        console.setContext(context);
        console.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(console);
    }

    @Test
    void firstWarningPassesAndRepeatsAreSuppressedAndCountedExactly() {
        Logger logger = context.getLogger(NETWORK_CLIENT);
        for (int i = 0; i < 25; i++) {
            logger.warn(UNREACHABLE, 1, "/127.0.0.1:9092");
        }

        assertEquals(List.of("Connection to node 1 (/127.0.0.1:9092) could not be established. Node may not be available."),
                messages());
        assertEquals(List.of("client libraries: 24 more warnings like '" + UNREACHABLE + "' (" + NETWORK_CLIENT
                + ") suppressed"), tally.drain());
        assertEquals(List.of(), tally.drain(), "a drain resets the counts");

        logger.warn(UNREACHABLE, 1, "/127.0.0.1:9092");
        assertEquals(2, console.list.size(), "after a drain (the next run) the first of a kind shows again");
    }

    @Test
    void aSingleRepeatIsReportedInTheSingular() {
        Logger logger = context.getLogger("org.apache.pulsar.client.impl.ClientCnx");
        logger.error("lookup failed");
        logger.error("lookup failed");

        assertEquals(List.of("client libraries: 1 more error like 'lookup failed' (org.apache.pulsar.client.impl.ClientCnx)"
                + " suppressed"), tally.drain());
    }

    @Test
    void distinctTemplatesLoggersAndSeveritiesEachPassOnce() {
        Logger networkClient = context.getLogger(NETWORK_CLIENT);
        Logger admin = context.getLogger("org.apache.kafka.clients.admin.KafkaAdminClient");
        for (int i = 0; i < 3; i++) {
            networkClient.warn(UNREACHABLE, 1, "/127.0.0.1:9092");
            networkClient.warn("Bootstrap broker {} disconnected", "127.0.0.1:9092");
            networkClient.error(UNREACHABLE, 1, "/127.0.0.1:9092");
            admin.warn(UNREACHABLE, 1, "/127.0.0.1:9092");
        }

        assertEquals(4, console.list.size(), messages().toString());
        List<String> summary = tally.drain();
        assertEquals(4, summary.size(), summary.toString());
        assertTrue(summary.stream().allMatch(line -> line.startsWith("client libraries: 2 more ")), summary.toString());
    }

    @Test
    void preformattedKafkaMessagesOfDifferentClientsAndNodesAreOneKind() {
        // Kafka's LogContext formats the message and puts the client's context in front before logging it
        Logger logger = context.getLogger(NETWORK_CLIENT);
        logger.warn("[Producer clientId=producer-1] Connection to node 1 (/127.0.0.1:40117) could not be established."
                + " Node may not be available.");
        logger.warn("[Consumer clientId=consumer-sub-1, groupId=sub] Connection to node -1 (/127.0.0.1:40117) could"
                + " not be established. Node may not be available.");
        logger.warn("[AdminClient clientId=adminclient-1] Connection to node 1 (/127.0.0.1:40117) could not be"
                + " established. Node may not be available.");

        assertEquals(1, console.list.size(), messages().toString());
        assertEquals(List.of("client libraries: 2 more warnings like 'Connection to node 1 (/127.0.0.1:40117) could not be"
                + " established. Node may not be available.' (" + NETWORK_CLIENT + ") suppressed"), tally.drain());
    }

    @Test
    void messagesBelowWarnAndMessagesTheLevelDropsAreNeitherFilteredNorCounted() {
        context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
        Logger chatty = context.getLogger("org.apache.kafka.clients.producer.ProducerConfig");
        Logger quietened = context.getLogger("org.apache.pulsar.client.impl.BinaryProtoLookupService");
        quietened.setLevel(Level.ERROR);
        for (int i = 0; i < 3; i++) {
            chatty.info("ProducerConfig values: {}", i);
            quietened.warn("topic not found");
        }

        assertEquals(3, console.list.size(), "every INFO line passes: " + messages());
        assertEquals(List.of(), tally.drain(), "nothing counted: the WARNs were below their logger's level");
    }

    @Test
    void countsExactlyWhenSeveralThreadsLogTheSameWarningsAtOnce() throws Exception {
        int threads = 8;
        int perThread = 5_000;
        Logger logger = context.getLogger(NETWORK_CLIENT);
        List<Thread> loggers = SimultaneousThreads.start(threads, id -> {
            for (int i = 0; i < perThread; i++) {
                logger.warn(UNREACHABLE, 1, "/127.0.0.1:9092");
                logger.warn("thread {} alone logs this", id);
            }
        });
        for (Thread thread : loggers) {
            thread.join(TimeUnit.SECONDS.toMillis(120));
            assertFalse(thread.isAlive(), "a logging thread did not finish within 120 s");
        }

        // two templates, each logged by every thread: each shown once, all other calls counted
        assertEquals(2, console.list.size(), messages().toString());
        assertEquals(List.of(
                String.format("client libraries: %,d more warnings like '%s' (%s) suppressed", threads * perThread - 1,
                        UNREACHABLE, NETWORK_CLIENT),
                String.format("client libraries: %,d more warnings like 'thread {} alone logs this' (%s) suppressed",
                        threads * perThread - 1, NETWORK_CLIENT)),
                tally.drain());
    }

    private List<String> messages() {
        return console.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
