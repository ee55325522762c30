package io.brokerbench.metrics;

import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.bookkeeper.stats.Counter;
import org.apache.bookkeeper.stats.Gauge;
import org.apache.bookkeeper.stats.OpStatsLogger;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * One scope of the {@link StatsLogger} a driver is handed: names are the scope path joined with
 * dots, labels ({@link #scopeLabel}) follow in braces, e.g. {@code loopback.published{topic=t1}}.
 * Thread-scoped statistics are the same as unscoped ones: the result is per interval, not per thread.
 */
final class DriverStatsLogger implements StatsLogger {

    private final DriverStats stats;
    private final String scope;
    private final TreeMap<String, String> labels;

    DriverStatsLogger(DriverStats stats, String scope, TreeMap<String, String> labels) {
        this.stats = stats;
        this.scope = scope;
        this.labels = labels;
    }

    private String path(String name) {
        return scope.isEmpty() ? name : scope + "." + name;
    }

    private String fullName(String name) {
        if (labels.isEmpty()) {
            return path(name);
        }
        return path(name) + labels.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(",", "{", "}"));
    }

    @Override
    public OpStatsLogger getOpStatsLogger(String name) {
        return stats.opStats(fullName(name));
    }

    @Override
    public OpStatsLogger getThreadScopedOpStatsLogger(String name) {
        return getOpStatsLogger(name);
    }

    @Override
    public Counter getCounter(String name) {
        return stats.counter(fullName(name));
    }

    @Override
    public Counter getThreadScopedCounter(String name) {
        return getCounter(name);
    }

    @Override
    public <T extends Number> void registerGauge(String name, Gauge<T> gauge) {
        stats.registerGauge(fullName(name), gauge);
    }

    @Override
    public <T extends Number> void unregisterGauge(String name, Gauge<T> gauge) {
        stats.unregisterGauge(fullName(name), gauge);
    }

    @Override
    public StatsLogger scope(String name) {
        return new DriverStatsLogger(stats, path(name), labels);
    }

    @Override
    public StatsLogger scopeLabel(String labelName, String labelValue) {
        TreeMap<String, String> more = new TreeMap<>(labels);
        more.put(labelName, labelValue);
        return new DriverStatsLogger(stats, scope, more);
    }

    /** Statistics stay for the rest of the run: what a scope counted before it was removed still happened. */
    @Override
    public void removeScope(String name, StatsLogger statsLogger) {
    }
}
