package io.brokerbench.metrics;

import java.util.List;

/**
 * The local broker's processes over one interval: every node together, and each node of a cluster.
 *
 * @param cpuCores CPU time per second of the interval, all nodes together
 * @param residentBytes resident memory at the interval's end, all nodes together; -1 where the OS does not tell
 * @param nodes each node of a cluster, in node order; empty for a single broker
 */
public record BrokerUsage(double cpuCores, long residentBytes, List<NodeUsage> nodes) {

    /** One node's process over the interval. */
    public record NodeUsage(String node, double cpuCores, long residentBytes) {
    }

    /** The nodes summed; a single node is its own total. */
    static BrokerUsage of(List<NodeUsage> nodes) {
        double cpu = nodes.stream().mapToDouble(NodeUsage::cpuCores).sum();
        boolean memoryKnown = nodes.stream().allMatch(node -> node.residentBytes() >= 0);
        long memory = memoryKnown ? nodes.stream().mapToLong(NodeUsage::residentBytes).sum() : -1;
        return new BrokerUsage(cpu, memory, nodes.size() == 1 ? List.of() : List.copyOf(nodes));
    }
}
