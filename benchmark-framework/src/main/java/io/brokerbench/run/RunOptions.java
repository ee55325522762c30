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

    /**
     * 10,000 in flight per producer: more than a rate times its publish latency needs (1 M msg/s at
     * 10 ms), and few enough that the objects each in-flight message keeps alive do not swamp the
     * client's collector. At 100,000, an unthrottled 100-byte run against the local Kafka spent 28–31 %
     * of its time in GC pauses and published 0.77–0.83 M msg/s; at 10,000, 2.5–2.6 % and 1.19–1.32 M
     * ({@code bench/in-flight}; docs/benchmarks.md, "How many messages in flight").
     */
    public static RunOptions defaults() {
        return new RunOptions(Duration.ofSeconds(60), Duration.ofSeconds(10), 10_000);
    }
}
