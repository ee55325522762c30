package io.brokerbench.logging;

import ch.qos.logback.classic.pattern.ThrowableHandlingConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import io.brokerbench.driver.support.OneLine;

/**
 * {@code %oneLineException} in logback.xml: a logged exception as {@code " (Type: message; cause:
 * Type: message)"} ({@link OneLine#of}) on the event's own line, instead of a stack trace. Client
 * libraries attach stack traces to routine warnings (a refused connection, a failed lookup), and
 * one of those fills a screen. Being a throwable converter, it also stops logback from appending
 * the full trace after the pattern. Events marked {@link LogMarkers#STACK_TRACE} keep their trace.
 */
public final class OneLineThrowableConverter extends ThrowableHandlingConverter {

    @Override
    public String convert(ILoggingEvent event) {
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown == null) {
            return "";
        }
        if (event.getMarkerList() != null && event.getMarkerList().contains(LogMarkers.STACK_TRACE)) {
            // on the lines after the message; the pattern's %n ends the last one
            return CoreConstants.LINE_SEPARATOR + ThrowableProxyUtil.asString(thrown).stripTrailing();
        }
        // events logged in this JVM carry the exception itself; only events read back from elsewhere
        // (which nothing here does) carry a copy of its class name and message
        String line = thrown instanceof ThrowableProxy proxy ? OneLine.of(proxy.getThrowable())
                : OneLine.text(thrown.getClassName() + ": " + thrown.getMessage());
        return " (" + line + ")";
    }
}
