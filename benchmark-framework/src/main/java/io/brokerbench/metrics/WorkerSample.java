package io.brokerbench.metrics;

import java.util.Map;

/**
 * What a worker's snapshot carries besides its measurements: its JVM, its client library's
 * statistics and its driver's stats, each statistic by name.
 *
 * @param recorded false when the worker records none of it ({@code --no-metrics}); the rest is then empty
 * @param recordingCpuSecondsTotal CPU time the worker has spent taking these samples so far: the
 *     cost of recording them, reported beside the load generator's CPU in every result
 */
public record WorkerSample(boolean recorded, JvmSample jvm, Map<String, MetricValue> clientMetrics,
        Map<String, MetricValue> driverStats, double recordingCpuSecondsTotal) {

    public static final WorkerSample NOT_RECORDED = new WorkerSample(false, new JvmSample(0, 0, 0, 0, 0), Map.of(),
            Map.of(), 0);
}
