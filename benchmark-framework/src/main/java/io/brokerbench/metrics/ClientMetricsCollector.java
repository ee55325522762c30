package io.brokerbench.metrics;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.metrics.MetricValue.Kind;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a {@link ClientMetrics} driver for its clients' statistics once per snapshot and combines
 * them over clients. Counts become one running total per name that only grows: each client adds
 * what it gained since it was last reported, so a client that closes, or one that starts mid-run,
 * neither takes counts away nor brings in more than it counted.
 */
final class ClientMetricsCollector implements ClientMetricSink {

    private static final Logger LOG = LoggerFactory.getLogger(ClientMetricsCollector.class);

    private final Map<String, Double> grownTotals = new TreeMap<>();
    private Map<ClientCount, Double> previousCounts = new HashMap<>();
    private Map<ClientCount, Double> currentCounts;
    private MetricTally round;

    /**
     * The driver's statistics now; of a driver that fails part-way, what it reported before (the
     * failure is logged). The driver is called without this object's lock, so it may report from
     * threads of its own while the call lasts.
     */
    Map<String, MetricValue> collect(ClientMetrics driver) {
        synchronized (this) {
            round = new MetricTally();
            currentCounts = new HashMap<>();
        }
        try {
            driver.reportClientMetrics(this);
        } catch (RuntimeException e) {
            LOG.warn("driver {} failed to report its client metrics: {}", driver.getClass().getName(), e.toString());
        }
        synchronized (this) {
            previousCounts = currentCounts;
            currentCounts = null;
            grownTotals.forEach((name, total) -> round.add(name, MetricValue.of(Kind.PER_SECOND, total)));
            MetricTally done = round;
            round = null;
            return done.values();
        }
    }

    @Override
    public synchronized void perSecond(String name, Object client, double total) {
        if (currentCounts == null || !Double.isFinite(total)) {
            return;
        }
        ClientCount key = new ClientCount(name, client);
        if (currentCounts.putIfAbsent(key, total) != null) {
            return; // the same count of the same client twice in one report: counted once
        }
        double gained = Math.max(0, total - previousCounts.getOrDefault(key, 0.0));
        grownTotals.merge(name, gained, Double::sum);
    }

    @Override
    public synchronized void sum(String name, double value) {
        add(name, Kind.SUM, value);
    }

    @Override
    public synchronized void mean(String name, double value) {
        add(name, Kind.MEAN, value);
    }

    @Override
    public synchronized void max(String name, double value) {
        add(name, Kind.MAX, value);
    }

    private void add(String name, Kind kind, double value) {
        if (round != null) {
            round.add(name, MetricValue.of(kind, value));
        }
    }

    private record ClientCount(String name, Object client) {
    }
}
