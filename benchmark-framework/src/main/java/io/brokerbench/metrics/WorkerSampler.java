package io.brokerbench.metrics;

import io.brokerbench.driver.ClientMetrics;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.util.Map;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * A worker's side of the metrics: the {@link StatsLogger} its driver counts with, and a
 * {@link WorkerSample} for every snapshot. One per worker and run, like the driver. {@link #sample}
 * is called by one thread at a time (the worker's snapshot, which is serialised).
 */
public final class WorkerSampler {

    private final boolean recording;
    private final DriverStats driverStats = new DriverStats();
    private final ClientMetricsCollector clientMetrics = new ClientMetricsCollector();
    private long samplingCpuNanos;

    private WorkerSampler(boolean recording) {
        this.recording = recording;
    }

    /** @param recording false to record nothing: the driver counts into BookKeeper's null logger */
    public static WorkerSampler of(boolean recording) {
        return new WorkerSampler(recording);
    }

    /** What the driver is initialized with. */
    public StatsLogger statsLogger() {
        return recording ? driverStats.rootLogger() : NullStatsLogger.INSTANCE;
    }

    /** The JVM now, and the statistics of {@code driver} (null before one is initialized). */
    public WorkerSample sample(BenchmarkDriver driver) {
        if (!recording) {
            return WorkerSample.NOT_RECORDED;
        }
        long start = CpuTime.currentThreadNanos();
        Map<String, MetricValue> client = driver instanceof ClientMetrics reporting
                ? clientMetrics.collect(reporting) : Map.of();
        JvmSample jvm = JvmSampler.sample();
        Map<String, MetricValue> stats = driverStats.sample();
        samplingCpuNanos += CpuTime.currentThreadNanos() - start;
        return new WorkerSample(true, jvm, client, stats, samplingCpuNanos / 1e9);
    }
}
