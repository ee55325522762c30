package io.brokerbench.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
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
public final class DriverLoggerLevels extends ConfigurationStep {

    static final String RESOURCE = "META-INF/brokerbench/logger-levels.properties";

    @Override
    void configure(LoggerContext loggers) {
        try {
            Enumeration<URL> files = DriverLoggerLevels.class.getClassLoader().getResources(RESOURCE);
            while (files.hasMoreElements()) {
                apply(files.nextElement(), loggers);
            }
        } catch (IOException e) {
            addError("cannot read " + RESOURCE + " from the classpath", e);
        }
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
}
