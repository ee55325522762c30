package io.brokerbench.localbroker.nats;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * When a local NATS cluster is whole: every node has JetStream up, a route to every other node and
 * the same JetStream meta leader, which counts every other node as a current follower. Until then a
 * stream replicated on every node can be refused ("insufficient resources") or a run can start while
 * the cluster still elects its leader.
 */
final class NatsClusterHealth {

    private NatsClusterHealth() {
    }

    /**
     * What one node's monitoring port answered.
     *
     * @param jetStreamUp whether {@code /healthz?js-enabled-only=true} answered 200
     * @param routez {@code /routez}, missing if it did not answer
     * @param jsz {@code /jsz}, missing if it did not answer
     */
    record NodeView(String name, boolean jetStreamUp, JsonNode routez, JsonNode jsz) {
    }

    /** Why the cluster is not whole yet, and the node that says so. */
    record Gap(String node, String reason) {
        @Override
        public String toString() {
            return node + " " + reason;
        }
    }

    /** The first thing keeping the cluster of {@code views} (one per node) from being whole; empty once it is. */
    static Optional<Gap> firstGap(List<NodeView> views) {
        int others = views.size() - 1;
        String leader = null;
        for (NodeView view : views) {
            if (!view.jetStreamUp()) {
                return gap(view, "has no JetStream yet (/healthz?js-enabled-only=true)");
            }
            int routed = routedServers(view.routez());
            if (routed < others) {
                return gap(view, "has routes to " + routed + " of the " + others + " other nodes (/routez)");
            }
            JsonNode meta = view.jsz().path("meta_cluster");
            String itsLeader = meta.path("leader").asText("");
            if (itsLeader.isEmpty()) {
                return gap(view, "knows no JetStream meta leader yet (/jsz)");
            }
            if (meta.path("cluster_size").asInt() != views.size()) {
                return gap(view, "counts " + meta.path("cluster_size").asInt() + " of " + views.size()
                        + " nodes in the JetStream meta group (/jsz)");
            }
            if (leader == null) {
                leader = itsLeader;
            } else if (!leader.equals(itsLeader)) {
                return gap(view, "sees meta leader " + itsLeader + ", " + views.get(0).name() + " sees " + leader);
            }
        }
        for (NodeView view : views) {
            if (view.name().equals(leader)) {
                int current = currentFollowers(view.jsz().path("meta_cluster").path("replicas"));
                return current < others
                        ? gap(view, "(meta leader) has " + current + " of " + others + " followers current (/jsz)")
                        : Optional.empty();
            }
        }
        return gap(views.get(0), "sees meta leader " + leader + ", which is none of the nodes started");
    }

    /**
     * Distinct servers this node has routes to: since nats-server 2.10 a node may hold several route
     * connections to each other node (a route pool), so connections are not nodes.
     */
    private static int routedServers(JsonNode routez) {
        Set<String> servers = new HashSet<>();
        routez.path("routes").forEach(route -> servers.add(route.path("remote_id").asText()));
        return servers.size();
    }

    private static int currentFollowers(JsonNode replicas) {
        int current = 0;
        for (JsonNode replica : replicas) {
            if (replica.path("current").asBoolean()) {
                current++;
            }
        }
        return current;
    }

    private static Optional<Gap> gap(NodeView view, String reason) {
        return Optional.of(new Gap(view.name(), reason));
    }
}
