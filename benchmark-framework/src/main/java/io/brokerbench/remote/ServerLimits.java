package io.brokerbench.remote;

import java.time.Duration;

/**
 * What one client may hold of a worker's HTTP server, so a misbehaving or hostile client cannot
 * starve the coordinator's pings (which would get a healthy worker declared lost).
 *
 * @param connectionsPerClient connections open at once from one address; more are closed at once
 * @param minRequestBytesPerSecond a request body arriving slower than this, on average since its
 *     first byte, is refused with 408 and its connection closed
 * @param idleTimeout a connection on which nothing arrives for this long is closed (also a request
 *     whose body never starts)
 */
public record ServerLimits(int connectionsPerClient, long minRequestBytesPerSecond, Duration idleTimeout) {

    /**
     * A coordinator holds a few connections per worker (its run's calls and the watchdog's pings)
     * and sends each body at network speed; 32 connections stay well below the server's 250 threads.
     */
    public static ServerLimits defaults() {
        return new ServerLimits(32, 16 * 1024, Duration.ofSeconds(30));
    }
}
