package io.brokerbench.metrics;

import io.brokerbench.metrics.MetricValue.Kind;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.bookkeeper.stats.Gauge;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The counters, op stats and gauges a driver registers through the {@link StatsLogger} it is
 * initialized with (OMB's drivers count with it), sampled into each snapshot. Each becomes a few
 * statistics named after it:
 * <ul>
 *   <li>counter {@code c}: {@code c.count} (its value) and {@code c.perSecond} (its growth);</li>
 *   <li>op stats {@code o}: {@code o.successesPerSecond}, {@code o.failuresPerSecond}, and over the
 *       successful events of the interval {@code o.mean} and {@code o.max} (milliseconds for timed
 *       events, the value itself for {@code registerSuccessfulValue});</li>
 *   <li>gauge {@code g}: {@code g} (its sample, summed over workers).</li>
 * </ul>
 */
final class DriverStats {

    private static final Logger LOG = LoggerFactory.getLogger(DriverStats.class);

    private final Map<String, DriverCounter> counters = new ConcurrentHashMap<>();
    private final Map<String, DriverOpStats> opStats = new ConcurrentHashMap<>();
    private final Map<String, Gauge<? extends Number>> gauges = new ConcurrentHashMap<>();
    /** Per op stats: successes and their sum at the previous sample, for the interval's mean. */
    private final Map<String, DriverOpStats.Successes> previousSuccesses = new HashMap<>();

    /** The logger to hand the driver: names without a scope are the driver's own. */
    StatsLogger rootLogger() {
        return new DriverStatsLogger(this, "", new TreeMap<>());
    }

    DriverCounter counter(String name) {
        return counters.computeIfAbsent(name, n -> new DriverCounter());
    }

    DriverOpStats opStats(String name) {
        return opStats.computeIfAbsent(name, n -> new DriverOpStats());
    }

    void registerGauge(String name, Gauge<? extends Number> gauge) {
        gauges.put(name, gauge);
    }

    void unregisterGauge(String name, Gauge<? extends Number> gauge) {
        gauges.remove(name, gauge);
    }

    /** Every statistic now; op stats' mean and max cover the events since the previous call. */
    synchronized Map<String, MetricValue> sample() {
        Map<String, MetricValue> values = new TreeMap<>();
        counters.forEach((name, counter) -> {
            double count = counter.get();
            values.put(name + ".count", MetricValue.of(Kind.SUM, count));
            values.put(name + ".perSecond", MetricValue.of(Kind.PER_SECOND, count));
        });
        opStats.forEach((name, stats) -> {
            DriverOpStats.Successes now = stats.successes();
            values.put(name + ".successesPerSecond", MetricValue.of(Kind.PER_SECOND, now.count()));
            values.put(name + ".failuresPerSecond", MetricValue.of(Kind.PER_SECOND, stats.failures()));
            DriverOpStats.Successes previous =
                    previousSuccesses.getOrDefault(name, new DriverOpStats.Successes(0, 0));
            long events = now.count() - previous.count();
            if (events > 0) {
                values.put(name + ".mean", new MetricValue(Kind.MEAN, (now.sum() - previous.sum()) / events, events));
            }
            double max = stats.takeMax();
            if (Double.isFinite(max)) {
                values.put(name + ".max", MetricValue.of(Kind.MAX, max));
            }
            previousSuccesses.put(name, now);
        });
        gauges.forEach((name, gauge) -> {
            double value = sampleOf(name, gauge);
            if (Double.isFinite(value)) {
                values.put(name, MetricValue.of(Kind.SUM, value));
            }
        });
        return values;
    }

    private static double sampleOf(String name, Gauge<? extends Number> gauge) {
        try {
            Number sample = gauge.getSample();
            return (sample != null ? sample : gauge.getDefaultValue()).doubleValue();
        } catch (RuntimeException e) {
            LOG.warn("driver gauge {} failed: {}", name, e.toString());
            return Double.NaN;
        }
    }
}
