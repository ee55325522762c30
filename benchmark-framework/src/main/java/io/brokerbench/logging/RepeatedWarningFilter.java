package io.brokerbench.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.Marker;

/**
 * Lets the first warning or error of each kind (see {@link RepeatTally}) through and holds back its
 * repeats, counting them for {@link ClientLogSummary}. A client library whose broker died logs the
 * same warning every second for the rest of the run; the console shows it once, and a summary line
 * at the end of the run says how many more there were. Messages below WARN, and messages the
 * logger's level would drop anyway, are left alone and not counted. Installed by logback.xml.
 */
public final class RepeatedWarningFilter extends TurboFilter {

    private final RepeatTally tally;

    /** The instance logback.xml creates: counts into {@link ClientLogSummary}'s tally. */
    public RepeatedWarningFilter() {
        this(ClientLogSummary.TALLY);
    }

    RepeatedWarningFilter(RepeatTally tally) {
        this.tally = tally;
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        // called for every logging call, DEBUG and TRACE included (before the level check): the cheap tests first
        if (level == null || level.levelInt < Level.WARN_INT || format == null
                || level.levelInt < logger.getEffectiveLevel().levelInt) {
            return FilterReply.NEUTRAL;
        }
        return tally.firstOfItsKind(logger.getName(), level.levelInt >= Level.ERROR_INT, format)
                ? FilterReply.NEUTRAL : FilterReply.DENY;
    }
}
