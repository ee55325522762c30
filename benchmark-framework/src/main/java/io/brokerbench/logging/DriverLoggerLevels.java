package io.brokerbench.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggerContextListener;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.Properties;

/**
 * Logger levels that driver modules ask for: every {@code META-INF/brokerbench/logger-levels.properties}
 * on the classpath, {@code logger.name=LEVEL} per line, applied when logback.xml is read (it names this
 * class as a context listener). A driver whose client library logs an answer the driver expects as a
 * warning quietens that logger in its own module, so the framework's configuration names no client.
 */
public final class DriverLoggerLevels extends ContextAwareBase implements LoggerContextListener, LifeCycle {

    static final String RESOURCE = "META-INF/brokerbench/logger-levels.properties";

    private volatile boolean started;

    @Override
    public void start() {
        LoggerContext loggers = (LoggerContext) getContext();
        try {
            Enumeration<URL> files = DriverLoggerLevels.class.getClassLoader().getResources(RESOURCE);
            while (files.hasMoreElements()) {
                apply(files.nextElement(), loggers);
            }
        } catch (IOException e) {
            addError("cannot read " + RESOURCE + " from the classpath", e);
        }
        started = true;
    }

    private void apply(URL file, LoggerContext loggers) throws IOException {
        Properties levels = new Properties();
        try (InputStream in = file.openStream()) {
            levels.load(in);
        }
        for (String name : levels.stringPropertyNames()) {
            String value = levels.getProperty(name).strip();
            Level level = Level.toLevel(value, null);
            if (level == null) {
                addError(file + ": logger " + name + " = '" + value + "': not a logback level");
            } else {
                loggers.getLogger(name).setLevel(level);
            }
        }
    }

    @Override
    public void stop() {
        started = false;
    }

    @Override
    public boolean isStarted() {
        return started;
    }

    // The levels are set once, when the configuration is read; the context's later events change nothing here.

    @Override
    public boolean isResetResistant() {
        return false;
    }

    @Override
    public void onStart(LoggerContext context) {
    }

    @Override
    public void onReset(LoggerContext context) {
    }

    @Override
    public void onStop(LoggerContext context) {
    }

    @Override
    public void onLevelChange(Logger logger, Level level) {
    }
}
