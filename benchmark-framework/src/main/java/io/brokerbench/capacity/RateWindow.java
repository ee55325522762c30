package io.brokerbench.capacity;

/**
 * What one window of a max-rate search observed, summed over every producer and consumer of the run.
 *
 * @param targetRate     the publish rate the window asked for, messages per second
 * @param publishRate    messages acknowledged per second during the window
 * @param consumeRate    messages received per second during the window, over all subscriptions divided
 *                       by the number of subscriptions (each subscription receives every message)
 * @param backlogGrowth  growth of the backlog (published minus consumed per subscription) over the window;
 *                       negative when consumers caught up
 * @param backlogAtEnd   messages published and not yet consumed when the window ended
 * @param seconds        length of the window
 */
public record RateWindow(double targetRate, double publishRate, double consumeRate, long backlogGrowth,
                         long backlogAtEnd, double seconds) {

    public RateWindow {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("a window lasts a positive time, not " + seconds + " s");
        }
    }
}
