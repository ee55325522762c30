package io.brokerbench.run;

import java.time.Duration;

/**
 * How a run behaves around the workload itself.
 *
 * @param readinessTimeout how long consumers may take to receive the first probe message
 * @param drainTimeout after the load stops, how long to wait for in-flight messages to arrive
 *     while none arrive (the wait ends earlier when everything sent was received)
 * @param maxInFlightMessagesPerProducer back-pressure: a producer waits for acknowledgements when
 *     this many of its messages are outstanding, so a stalled broker cannot exhaust the heap
 */
public record RunOptions(Duration readinessTimeout, Duration drainTimeout, long maxInFlightMessagesPerProducer) {

    public static RunOptions defaults() {
        return new RunOptions(Duration.ofSeconds(60), Duration.ofSeconds(10), 100_000);
    }
}
