package io.brokerbench.driver;

/**
 * Where a {@link ClientMetrics} driver puts its clients' statistics. How values of several clients
 * (and of several workers) combine depends on what they are, so each kind has its own method.
 * Values that are not finite (a client library's "no sample yet" NaN) are ignored. Only valid during
 * the {@link ClientMetrics#reportClientMetrics} call that handed it out.
 */
public interface ClientMetricSink {

    /**
     * A count one client keeps from its start (records sent, bytes received). The result shows how
     * fast the counts grew, per second over each interval, summed over clients: exact per interval,
     * unlike the library's own rates, which average over a window of their own.
     *
     * @param client tells the clients apart from one interval to the next (the client object itself
     *     will do); a client not reported any more stops counting
     */
    void perSecond(String name, Object client, double total);

    /** A level now (messages queued, connections in use): summed over clients. */
    void sum(String name, double value);

    /** A statistic each client averages itself (batch size, request latency): the mean over clients. */
    void mean(String name, double value);

    /** A maximum (consumer lag, the slowest request): the largest over clients. */
    void max(String name, double value);
}
