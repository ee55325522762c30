package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One snapshot of a run with faults ({@code "faultTimeline"}), every quarter second or so through the
 * measured phase, finer than its reporting intervals: rates per second over the snapshot's span, the
 * backlog at its end, and the p99 of what it recorded (ms, from the intended send time).
 *
 * @param atSeconds the snapshot's end, from the start of the measured phase
 * @param retryRate sends the clients retried on their own, per second; absent where they do not count them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultTick(double atSeconds, double seconds, double publishRate, double ackRate, double consumeRate,
        double failRate, Double retryRate, long backlog, Double publishP99, Double endToEndP99) {
}
