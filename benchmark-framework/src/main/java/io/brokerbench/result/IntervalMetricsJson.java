package io.brokerbench.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.metrics.IntervalMetrics;
import io.brokerbench.metrics.LoadGeneratorUsage;
import java.util.List;
import java.util.Map;

/**
 * The result's per-interval resource and client fields, added to each entry of {@code intervals}
 * (see docs/metrics.md). Parts a run did not record are left out rather than written empty.
 */
final class IntervalMetricsJson {

    private IntervalMetricsJson() {
    }

    /** {@code metrics} holds one entry per element of {@code intervals}, in the same order. */
    static void addTo(ArrayNode intervals, List<IntervalMetrics> metrics) {
        for (int i = 0; i < Math.min(intervals.size(), metrics.size()); i++) {
            add((ObjectNode) intervals.get(i), metrics.get(i));
        }
    }

    private static void add(ObjectNode node, IntervalMetrics metrics) {
        if (!metrics.loadGenerators().isEmpty()) {
            ArrayNode loadGenerators = node.putArray("loadGenerators");
            for (LoadGeneratorUsage usage : metrics.loadGenerators()) {
                loadGenerators.addObject()
                        .put("worker", usage.worker())
                        .put("cpuCores", ResultNumbers.round3(usage.cpuCores()))
                        .put("heapUsedBytes", usage.heapUsedBytes())
                        .put("heapCommittedBytes", usage.heapCommittedBytes())
                        .put("gcPauses", usage.gcPauses())
                        .put("gcPauseMillis", usage.gcPauseMillis())
                        .put("threads", usage.threads());
            }
        }
        metrics.broker().ifPresent(broker -> {
            ObjectNode out = node.putObject("broker").put("cpuCores", ResultNumbers.round3(broker.cpuCores()));
            if (broker.residentBytes() >= 0) {
                out.put("residentBytes", broker.residentBytes());
            }
        });
        putAll(node, "clientMetrics", metrics.clientMetrics());
        putAll(node, "driverStats", metrics.driverStats());
    }

    private static void putAll(ObjectNode node, String field, Map<String, Double> values) {
        if (values.isEmpty()) {
            return;
        }
        ObjectNode out = node.putObject(field);
        values.forEach((name, value) -> out.put(name, ResultNumbers.round3(value)));
    }
}
