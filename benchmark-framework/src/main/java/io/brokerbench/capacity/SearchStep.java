package io.brokerbench.capacity;

/** What the run does next for a {@link MaxRateSearch}: publish at a rate for a window, let consumers drain, or stop. */
public sealed interface SearchStep {

    /** Publish at {@code rate} messages per second for one window, then report a {@link RateWindow}. */
    record Measure(double rate, String why) implements SearchStep {
    }

    /**
     * Publish nothing until the backlog is at most {@code backlogAtMost} messages: a window that overran
     * left messages queued, and measuring the next rate on top of them would understate it.
     */
    record Drain(long backlogAtMost, String why) implements SearchStep {
    }

    /** The search is over. */
    record Done(SustainableRate result) implements SearchStep {
    }
}
