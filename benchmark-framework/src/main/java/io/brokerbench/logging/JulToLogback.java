package io.brokerbench.logging;

import ch.qos.logback.classic.LoggerContext;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Routes java.util.logging to logback when logback.xml is read: a client library logging through JUL,
 * as jnats does for every failed reconnect, otherwise prints two-line records on stderr that the
 * repeated-warning filter and the end-of-run summary never see. JUL's own console handler is removed,
 * so each record is printed once, in this format.
 */
public final class JulToLogback extends ConfigurationStep {

    @Override
    void configure(LoggerContext context) {
        // idempotent: a context configured twice (a test's own context) must not install a second handler
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }
}
