package io.brokerbench.remote.server;

import java.time.Duration;

/**
 * What one client may hold of a worker's HTTP server, so a misbehaving or hostile client cannot
 * starve the coordinator's pings (which would get a healthy worker declared lost).
 *
 * @param connectionsPerClient connections open at once from one address; more are closed at once
 * @param bodyDeadline a request body not complete this long after the handler started reading it is
 *     refused with 408 and its connection closed (a whole-body deadline rather than Jetty's minimum
 *     data rate, which refuses a healthy 100-byte body whose last read comes 10 ms late on a busy
 *     machine)
 * @param idleTimeout a connection on which nothing arrives for this long is closed (also a request
 *     whose body never starts)
 */
public record ServerLimits(int connectionsPerClient, Duration bodyDeadline, Duration idleTimeout) {

    /**
     * A coordinator holds a few connections per worker (its run's calls and the watchdog's pings)
     * and sends each body at network speed; 32 connections stay well below the server's 250 threads.
     * The largest body (64 MiB) arrives within 20 s at 3.2 MB/s.
     */
    public static ServerLimits defaults() {
        return new ServerLimits(32, Duration.ofSeconds(20), Duration.ofSeconds(30));
    }
}
