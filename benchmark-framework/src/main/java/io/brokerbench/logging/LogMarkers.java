package io.brokerbench.logging;

import org.slf4j.Marker;
import org.slf4j.MarkerFactory;

/** Markers that change how the console shows an event (see {@link OneLineThrowableConverter}). */
public final class LogMarkers {

    /**
     * The exception's full stack trace instead of one line: for errors that can only be a bug,
     * where the trace is what a bug report needs. Everything else is one line.
     */
    public static final Marker STACK_TRACE = MarkerFactory.getMarker("STACK_TRACE");

    private LogMarkers() {
    }
}
