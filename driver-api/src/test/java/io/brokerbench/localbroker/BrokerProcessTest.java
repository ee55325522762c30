package io.brokerbench.localbroker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** A broker that ends without being asked to is said in one line, with how it ended; one that is stopped is not. */
@Timeout(60)
class BrokerProcessTest {

    @TempDir
    Path dir;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(BrokerProcess.class);

    @BeforeEach
    void listen() {
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(logged);
    }

    @Test
    void aBrokerKilledBySomeoneElseIsSaidWithItsSignal() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start("node-1", List.of("sleep", "60"), dir, dir.resolve("node.log"),
                Map.of())) {
            new ProcessBuilder("kill", "-9", Long.toString(broker.pid())).start().waitFor();

            await("the warning").atMost(Duration.ofSeconds(20)).until(() -> !logged.list.isEmpty());
            ILoggingEvent event = logged.list.get(0);
            assertEquals(Level.WARN, event.getLevel());
            assertTrue(event.getFormattedMessage().startsWith("local broker node-1 (pid " + broker.pid()
                    + ") ended on its own: killed by signal 9"), event.getFormattedMessage());
        }
        assertEquals(1, logged.list.size(), "closing a broker that is gone says nothing more: " + logged.list);
    }

    @Test
    void aBrokerThatEndsOnItsOwnIsSaidWithItsLogsLastErrorAsItsLogGoesWithTheRunDirectory() throws Exception {
        String script = "echo 'INFO starting'; echo 'ERROR ZooKeeper session expired: shutting down'; echo 'INFO bye'; exit 0";
        try (BrokerProcess broker = BrokerProcess.start("bookie-2", List.of("sh", "-c", script), dir, dir.resolve("bookie.log"),
                Map.of())) {
            await("the warning").atMost(Duration.ofSeconds(20)).until(() -> !logged.list.isEmpty());
            String said = logged.list.get(0).getFormattedMessage();
            assertTrue(said.startsWith("local broker bookie-2 (pid " + broker.pid() + ") ended on its own: exited with code 0"), said);
            assertTrue(said.endsWith("which says last: ERROR ZooKeeper session expired: shutting down"), said);
            assertEquals(1, said.lines().count(), said);
        }
    }

    @Test
    void aBrokerThisHarnessStopsOrKillsIsNotAnUnexpectedEnd() throws Exception {
        BrokerProcess stopped = BrokerProcess.start("node-1", List.of("sleep", "60"), dir, dir.resolve("one.log"), Map.of());
        stopped.close();
        BrokerProcess killed = BrokerProcess.start("node-2", List.of("sleep", "60"), dir, dir.resolve("two.log"), Map.of());
        killed.killNow();
        killed.close();
        // the exit callbacks run on another thread: give them the time they would take
        Thread.sleep(500);

        assertTrue(logged.list.isEmpty(), "logged: " + logged.list);
    }
}
