package io.brokerbench.measurement;

/**
 * How the consumers worked off the backlog built for {@code consumerBacklogSizeGB} or published as a
 * {@code startupBurstMessages} burst, two ways. By the counts: from the moment they were reopened to
 * the end of the first reporting interval in which the backlog was down to what {@code
 * backlogDrainRatio} allows (so the time is as fine as the reporting interval). And by the messages
 * themselves: from the reopening to the arrival of the last message that was sent before it, which
 * every consumer times on its own clock, to the microsecond; the exact time the backlog took to
 * read whenever no message was lost.
 *
 * @param backlogAtStart messages waiting, over all subscriptions, when the consumers were reopened
 * @param backlogAtEnd messages waiting when the drain was seen complete
 * @param drained whether it completed (false: the run ended first)
 * @param seconds reopening to completion (or to the end of the measured phase)
 * @param consumed deliveries in that time, new messages included
 * @param messageSize bytes per message (the mean, with a size distribution)
 * @param backlogReadSeconds reopening to the arrival of the last message sent before it, the slowest
 *     consumer's; NaN when no worker could tell
 */
public record BacklogDrain(long backlogAtStart, long backlogAtEnd, boolean drained, double seconds, long consumed,
        double messageSize, double backlogReadSeconds) {

    /** Deliveries per second while draining: the consumers' rate, live load included. */
    public double consumeRate() {
        return seconds > 0 ? consumed / seconds : Double.NaN;
    }

    public double consumeMBps() {
        return consumeRate() * messageSize / 1_048_576;
    }

    public BacklogDrain withBacklogReadSeconds(double readSeconds) {
        return new BacklogDrain(backlogAtStart, backlogAtEnd, drained, seconds, consumed, messageSize, readSeconds);
    }

    /** Deliveries of the backlog's messages per second while it was read (new messages came after them). */
    public double backlogReadRate() {
        return backlogReadSeconds > 0 ? backlogAtStart / backlogReadSeconds : Double.NaN;
    }

    public double backlogReadMBps() {
        return backlogReadRate() * messageSize / 1_048_576;
    }

    /** How fast the backlog itself shrank: what consumers took beyond what producers added, per second. */
    public double netDrainRate() {
        return seconds > 0 ? (backlogAtStart - backlogAtEnd) / seconds : Double.NaN;
    }
}
