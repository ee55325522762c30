package io.brokerbench.metrics;

import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the local broker's processes spent over a run's measured phase, all nodes together and each
 * node of a cluster: cores kept busy on average, CPU per message published, and the largest resident
 * memory seen. The broker's side of the client's {@code loadGenerator} figures, so that "what does
 * durability cost" has an answer in the broker's CPU too. From the per-interval samples; nothing
 * without a local broker, samples ({@code --no-metrics}) or a message published while measured.
 *
 * @param nodes each node of a cluster, in node order; empty for a single broker
 */
public record BrokerCost(Usage total, List<NodeCost> nodes) {

    /** Cores on average over the sampled measured intervals, µs of CPU per published message, RSS peak (-1: unknown). */
    public record Usage(double cpuCores, double cpuMicrosPerMessage, long residentBytesMax) {
    }

    /** One node's part. */
    public record NodeCost(String node, Usage usage) {
    }

    public static Optional<BrokerCost> of(RunRecord run) {
        List<IntervalPoint> points = run.intervals();
        List<IntervalMetrics> metrics = run.metrics().intervals();
        long sent = run.measuredSent();
        Tally total = new Tally();
        Map<String, Tally> nodes = new LinkedHashMap<>();
        for (int i = 0; i < Math.min(points.size(), metrics.size()); i++) {
            IntervalPoint point = points.get(i);
            Optional<BrokerUsage> usage = metrics.get(i).broker();
            if (point.phase() != IntervalPoint.Phase.MEASURE || usage.isEmpty()) {
                continue;
            }
            total.add(usage.get().cpuCores(), usage.get().residentBytes(), point.seconds());
            for (BrokerUsage.NodeUsage node : usage.get().nodes()) {
                nodes.computeIfAbsent(node.node(), name -> new Tally()).add(node.cpuCores(), node.residentBytes(), point.seconds());
            }
        }
        if (total.seconds == 0 || sent == 0) {
            return Optional.empty();
        }
        List<NodeCost> perNode = new ArrayList<>();
        nodes.forEach((node, tally) -> perNode.add(new NodeCost(node, tally.usage(sent))));
        return Optional.of(new BrokerCost(total.usage(sent), List.copyOf(perNode)));
    }

    /** CPU seconds and sampled seconds over the measured intervals, and the largest RSS. */
    private static final class Tally {
        private double cpuSeconds;
        private double seconds;
        private long residentBytesMax = -1;

        void add(double cores, long residentBytes, double intervalSeconds) {
            cpuSeconds += cores * intervalSeconds;
            seconds += intervalSeconds;
            residentBytesMax = Math.max(residentBytesMax, residentBytes);
        }

        /**
         * Per message over the sampled intervals only: a node that was down for some of them (killed by a
         * fault) spent nothing there, and the messages of those intervals still count.
         */
        Usage usage(long sent) {
            return new Usage(cpuSeconds / seconds, cpuSeconds * 1e6 / sent, residentBytesMax);
        }
    }
}
