package io.brokerbench.logging;

import ch.qos.logback.classic.pattern.ThrowableHandlingConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;

/**
 * {@code %oneLineException} in logback.xml: a logged exception as {@code " (Class: message)"} on the
 * event's own line, plus its innermost cause when there is one, instead of a stack trace. Client
 * libraries attach stack traces to routine warnings (a refused connection, a failed lookup), and
 * one of those fills a screen. Being a throwable converter, it also stops logback from appending
 * the full trace after the pattern.
 */
public final class OneLineThrowableConverter extends ThrowableHandlingConverter {

    @Override
    public String convert(ILoggingEvent event) {
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown == null) {
            return "";
        }
        IThrowableProxy root = thrown;
        // bounded: a cause chain can loop back on itself
        for (int depth = 0; root.getCause() != null && depth < 100; depth++) {
            root = root.getCause();
        }
        StringBuilder line = new StringBuilder(" (").append(describe(thrown));
        if (root != thrown) {
            line.append("; cause: ").append(describe(root));
        }
        return line.append(')').toString();
    }

    private static String describe(IThrowableProxy thrown) {
        String message = thrown.getMessage();
        if (message == null || message.isBlank()) {
            return thrown.getClassName();
        }
        return thrown.getClassName() + ": " + message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
