package io.brokerbench.result.model;

/**
 * What the load generator cost over the measured phase ({@code "loadGenerator"}): CPU in all,
 * per message and in cores, what recording the metrics took of it, and how far behind its schedule
 * it sent (p99 of the publish delay; absent from files written before it was added).
 */
public record LoadGeneratorCost(
        double processCpuSeconds,
        double loadThreadCpuSeconds,
        double processCpuMicrosPerMessage,
        double loadThreadCpuMicrosPerMessage,
        double processCpuCores,
        double recordingCpuSeconds,
        double recordingCpuPercent,
        Long publishDelayP99Micros) {
}
