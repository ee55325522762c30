package io.brokerbench.metrics;

import io.brokerbench.metrics.MetricValue.Kind;
import java.util.Map;
import java.util.TreeMap;

/**
 * Combines values of the same statistics from several clients or workers, each by its kind. A name
 * that arrives with another kind than it first had is a driver naming two things alike: the later
 * values are left out rather than mixed in.
 */
final class MetricTally {

    private final Map<String, Combined> byName = new TreeMap<>();

    void add(String name, MetricValue value) {
        if (!Double.isFinite(value.value()) || !Double.isFinite(value.weight()) || value.weight() <= 0) {
            return;
        }
        Combined combined = byName.computeIfAbsent(name, n -> new Combined(value.kind()));
        if (combined.kind == value.kind()) {
            combined.add(value.value(), value.weight());
        }
    }

    /** One value per statistic, in name order. */
    Map<String, MetricValue> values() {
        Map<String, MetricValue> values = new TreeMap<>();
        byName.forEach((name, combined) -> values.put(name, combined.value()));
        return values;
    }

    private static final class Combined {
        final Kind kind;
        double value;
        double weight;

        Combined(Kind kind) {
            this.kind = kind;
            this.value = kind == Kind.MAX ? Double.NEGATIVE_INFINITY : 0;
        }

        void add(double next, double nextWeight) {
            switch (kind) {
                case PER_SECOND, SUM -> value += next;
                case MEAN -> value += next * nextWeight;
                case MAX -> value = Math.max(value, next);
            }
            weight += nextWeight;
        }

        MetricValue value() {
            return switch (kind) {
                case MEAN -> new MetricValue(kind, value / weight, weight);
                default -> MetricValue.of(kind, value);
            };
        }
    }
}
