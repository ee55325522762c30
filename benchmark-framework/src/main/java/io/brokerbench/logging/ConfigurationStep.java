package io.brokerbench.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggerContextListener;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;

/**
 * Something done once when logback.xml is read, declared there as a {@code <contextListener>} (the
 * element logback offers for code that runs with the configuration): {@link #configure} runs then, and
 * the context's later events change nothing.
 */
abstract class ConfigurationStep extends ContextAwareBase implements LoggerContextListener, LifeCycle {

    private volatile boolean started;

    /** What the step does to the context being configured; problems go to logback's status ({@link #addError}). */
    abstract void configure(LoggerContext context);

    @Override
    public final void start() {
        configure((LoggerContext) getContext());
        started = true;
    }

    @Override
    public final void stop() {
        started = false;
    }

    @Override
    public final boolean isStarted() {
        return started;
    }

    @Override
    public final boolean isResetResistant() {
        return false;
    }

    @Override
    public final void onStart(LoggerContext context) {
    }

    @Override
    public final void onReset(LoggerContext context) {
    }

    @Override
    public final void onStop(LoggerContext context) {
    }

    @Override
    public final void onLevelChange(Logger logger, Level level) {
    }
}
