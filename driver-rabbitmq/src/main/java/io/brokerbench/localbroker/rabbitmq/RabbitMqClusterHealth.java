package io.brokerbench.localbroker.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * When a local RabbitMQ cluster is whole, as one node's {@code rabbitmqctl cluster_status} tells: every
 * node started is a member of its cluster and running, and no node reports a network partition. Until then
 * a quorum queue or stream declared would get fewer members than the cluster has nodes (RabbitMQ places
 * them on the nodes it knows at declaration), and two nodes that each found no peer up would be two
 * clusters of their own.
 */
final class RabbitMqClusterHealth {

    private RabbitMqClusterHealth() {
    }

    /** What keeps {@code status} (cluster_status of one node, JSON) from showing all of {@code nodes}; empty once whole. */
    static Optional<String> firstGap(JsonNode status, List<RabbitMqNode> nodes) {
        Set<String> members = names(status.path("disk_nodes"));
        members.addAll(names(status.path("ram_nodes")));
        Set<String> running = names(status.path("running_nodes"));
        for (RabbitMqNode node : nodes) {
            if (!members.contains(node.erlangName())) {
                return Optional.of(node.name() + " (" + node.erlangName() + ") is not a member of the cluster (members: "
                        + members + ")");
            }
            if (!running.contains(node.erlangName())) {
                return Optional.of(node.name() + " (" + node.erlangName() + ") is a member but not running (running: "
                        + running + ")");
            }
        }
        JsonNode partitions = status.path("partitions");
        if (partitions.size() > 0) {
            return Optional.of("the cluster reports network partitions: " + partitions);
        }
        return Optional.empty();
    }

    /** Sorted, so that a message lists them the same way each time. */
    private static Set<String> names(JsonNode array) {
        Set<String> names = new TreeSet<>();
        array.forEach(name -> names.add(name.asText()));
        return names;
    }
}
