package io.brokerbench.capacity;

/**
 * What one window of a max-rate search observed, summed over every producer and consumer of the run.
 *
 * @param targetRate          the publish rate the window asked for, messages per second
 * @param publishRate         messages acknowledged per second during the window
 * @param consumeRate         messages received per second during the window, over all subscriptions divided
 *                            by the number of subscriptions (each subscription receives every message)
 * @param backlogGrowth       growth of the backlog (published minus consumed per subscription) over the window;
 *                            negative when consumers caught up
 * @param backlogAtEnd        messages published and not yet consumed when the window ended
 * @param seconds             length of the window
 * @param endToEndP99Millis   end-to-end latency from the intended send time over the window, p99; NaN without samples
 * @param endToEndP999Millis  the same at p99.9
 * @param publishP99Millis    publish latency from the intended send time over the window, p99; NaN without samples
 * @param failedSends         sends that failed during the window
 */
public record RateWindow(double targetRate, double publishRate, double consumeRate, long backlogGrowth,
                         long backlogAtEnd, double seconds, double endToEndP99Millis, double endToEndP999Millis,
                         double publishP99Millis, long failedSends) {

    public RateWindow {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("a window lasts a positive time, not " + seconds + " s");
        }
    }

    /** A window whose latencies were not measured (none recorded) and in which no send failed. */
    public RateWindow(double targetRate, double publishRate, double consumeRate, long backlogGrowth, long backlogAtEnd,
            double seconds) {
        this(targetRate, publishRate, consumeRate, backlogGrowth, backlogAtEnd, seconds, Double.NaN, Double.NaN,
                Double.NaN, 0);
    }
}
