package io.brokerbench.logging;

import java.util.List;

/**
 * The repeats {@link RepeatedWarningFilter} held back from the console, for the run code to report
 * after each run: one line per kind of warning or error, e.g. {@code client libraries: 24 more
 * warnings like 'Connection to node 1 (/127.0.0.1:9092) could not be established.'
 * (org.example.client.NetworkClient) suppressed}.
 */
public final class ClientLogSummary {

    /** Shared with the filter logback creates from logback.xml, which can only call a no-argument constructor. */
    static final RepeatTally TALLY = new RepeatTally();

    private ClientLogSummary() {
    }

    /** The summary lines since the last call (empty when nothing was held back); the next run starts afresh. */
    public static List<String> drain() {
        return TALLY.drain();
    }
}
