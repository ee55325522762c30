package io.brokerbench.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.status.Status;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The runtime's logback.xml, read into a logback context of its own: what the console line of an
 * event looks like, and which filter and levels are in place. Events are encoded, not logged, so
 * the shared {@link ClientLogSummary} stays untouched.
 */
class LogbackConfigurationTest {

    private final LoggerContext context = new LoggerContext();

    @BeforeEach
    void configure() throws Exception {
        URL config = getClass().getResource("/logback.xml");
        assertNotNull(config, "logback.xml is not on the classpath");
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(config);
        for (Status status : context.getStatusManager().getCopyOfStatusList()) {
            assertTrue(status.getLevel() < Status.WARN, "logback.xml: " + status);
        }
    }

    @Test
    void aWarningWithAnExceptionIsOneConsoleLineWithTheExceptionAndItsCause() {
        Logger logger = context.getLogger("org.apache.kafka.clients.NetworkClient");
        IOException error = new IOException("Connection to 127.0.0.1:9092 failed",
                new ConnectException("Connection refused\nsecond line"));
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.WARN, "Node {} unreachable", error,
                new Object[] {1});

        String line = consoleLine(event);

        assertTrue(line.endsWith(" WARN org.apache.kafka.clients.NetworkClient - Node 1 unreachable (IOException:"
                + " Connection to 127.0.0.1:9092 failed; cause: ConnectException: Connection refused second line)"
                + System.lineSeparator()), line);
        assertEquals(1, line.lines().count(), line);
    }

    @Test
    void anErrorMarkedAsABugKeepsItsStackTraceAfterTheMessage() {
        Logger logger = context.getLogger("io.brokerbench.run.BenchmarkRun");
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.ERROR, "unexpected error",
                new IllegalStateException("broken invariant"), null);
        event.addMarker(LogMarkers.STACK_TRACE);

        List<String> lines = consoleLine(event).lines().toList();

        assertTrue(lines.get(0).endsWith(" ERROR io.brokerbench.run.BenchmarkRun - unexpected error"), lines.get(0));
        assertEquals("java.lang.IllegalStateException: broken invariant", lines.get(1));
        assertTrue(lines.get(2).strip().startsWith("at " + getClass().getName()), lines.get(2));
    }

    @Test
    void clientLibrariesAtWarnDriverLoggerLevelsAppliedAndRepeatsFiltered() {
        assertEquals(Level.WARN, context.getLogger(Logger.ROOT_LOGGER_NAME).getLevel());
        // from this module's test resource META-INF/brokerbench/logger-levels.properties, as a driver module sets it
        assertEquals(Level.ERROR, context.getLogger("org.example.client.Lookup").getLevel());
        // the harness's own notes (a broker being installed) say what a long wait is for
        assertEquals(Level.INFO, context.getLogger("io.brokerbench").getLevel());
        assertTrue(context.getTurboFilterList().stream().anyMatch(RepeatedWarningFilter.class::isInstance),
                "turbo filters: " + context.getTurboFilterList());
    }

    @Test
    void theConsoleLevelCanBeRaisedForOneRunWithASystemProperty() throws Exception {
        System.setProperty("brokerbench.log.level", "INFO");
        try {
            LoggerContext verbose = new LoggerContext();
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(verbose);
            configurator.doConfigure(getClass().getResource("/logback.xml"));
            assertEquals(Level.INFO, verbose.getLogger(Logger.ROOT_LOGGER_NAME).getLevel());
            assertEquals(Level.INFO, verbose.getLogger("io.brokerbench").getLevel());
        } finally {
            System.clearProperty("brokerbench.log.level");
        }
    }

    @Test
    void javaUtilLoggingReachesLogbackOnceAndIsFiltered() {
        // the runtime's own context, configured from logback.xml when slf4j started
        LoggerContext runtime = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        Logger target = runtime.getLogger("org.example.julclient");
        target.addAppender(seen);
        try {
            java.util.logging.Logger client = java.util.logging.Logger.getLogger("org.example.julclient");
            client.info("below the console level");
            client.severe("Connection refused");

            assertEquals(1, seen.list.size(), "records: " + seen.list);
            assertEquals(Level.ERROR, seen.list.get(0).getLevel());
            assertEquals("Connection refused", seen.list.get(0).getFormattedMessage());
            java.util.logging.Handler[] handlers = java.util.logging.Logger.getLogger("").getHandlers();
            assertEquals(1, handlers.length, "JUL's own console handler would print every record a second time");
            assertTrue(runtime.getTurboFilterList().stream().anyMatch(RepeatedWarningFilter.class::isInstance));
        } finally {
            target.detachAppender(seen);
        }
    }

    @Test
    void theRuntimeLogsThroughLogback() {
        // a second provider on the classpath would make slf4j pick one of them, and perhaps not this one
        assertTrue(LoggerFactory.getILoggerFactory() instanceof LoggerContext, LoggerFactory.getILoggerFactory().getClass()
                .getName());
    }

    private String consoleLine(ILoggingEvent event) {
        OutputStreamAppender<ILoggingEvent> console =
                (OutputStreamAppender<ILoggingEvent>) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        return new String(console.getEncoder().encode(event), StandardCharsets.UTF_8);
    }
}
