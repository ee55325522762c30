package io.brokerbench.localbroker.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.brokerbench.localbroker.nats.NatsClusterHealth.NodeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Views shaped as nats-server 2.9 answers /routez and /jsz (trimmed to the fields read). */
class NatsClusterHealthTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void wholeWhenEveryNodeIsRoutedToTheOthersAndAllFollowTheSameLeaderWhoseFollowersAreCurrent() throws Exception {
        assertEquals(Optional.empty(), NatsClusterHealth.firstGap(whole()));
    }

    @Test
    void aNodeWithoutJetStreamYetIsAGap() throws Exception {
        assertGap("nats-2 has no JetStream yet (/healthz?js-enabled-only=true)",
                new NodeView("nats-2", false, MissingNode.getInstance(), MissingNode.getInstance()));
    }

    @Test
    void routesAreCountedByServerNotByConnection() throws Exception {
        // a route pool (nats-server 2.10): three connections, all to nats-2
        assertGap("nats-1 has routes to 1 of the 2 other nodes (/routez)",
                new NodeView("nats-1", true, routez("N2", "N2", "N2"), jsz("nats-2", 3)));
    }

    @Test
    void noLeaderYetOrAPartialMetaGroupIsAGap() throws Exception {
        assertGap("nats-3 knows no JetStream meta leader yet (/jsz)",
                new NodeView("nats-3", true, routez("N1", "N2"), jsz("", 2)));
        assertGap("nats-3 counts 2 of 3 nodes in the JetStream meta group (/jsz)",
                new NodeView("nats-3", true, routez("N1", "N2"), jsz("nats-2", 2)));
    }

    @Test
    void nodesThatDisagreeOnTheLeaderAreAGap() throws Exception {
        assertGap("nats-3 sees meta leader nats-3, nats-1 sees nats-2",
                new NodeView("nats-3", true, routez("N1", "N2"), jsz("nats-3", 3)));
    }

    @Test
    void aLeaderWithAFollowerNotCurrentIsAGap() throws Exception {
        assertGap("nats-2 (meta leader) has 1 of 2 followers current (/jsz)",
                new NodeView("nats-2", true, routez("N1", "N3"), jsz("nats-2", 3, "nats-1", true, "nats-3", false)));
    }

    /** The whole cluster, but with {@code changed} in place of the node of its name, has the gap {@code expected}. */
    private static void assertGap(String expected, NodeView changed) throws Exception {
        List<NodeView> views = whole();
        views.replaceAll(view -> view.name().equals(changed.name()) ? changed : view);
        assertEquals(expected, NatsClusterHealth.firstGap(views).orElseThrow().toString());
    }

    /** A whole 3-node cluster led by nats-2: only the leader lists the meta group's followers. */
    private static List<NodeView> whole() throws Exception {
        return new ArrayList<>(List.of(
                new NodeView("nats-1", true, routez("N2", "N3"), jsz("nats-2", 3)),
                new NodeView("nats-2", true, routez("N1", "N3"), jsz("nats-2", 3, "nats-1", true, "nats-3", true)),
                new NodeView("nats-3", true, routez("N1", "N2"), jsz("nats-2", 3))));
    }

    private static JsonNode routez(String... remoteIds) throws Exception {
        StringBuilder routes = new StringBuilder();
        for (String id : remoteIds) {
            routes.append(routes.length() == 0 ? "" : ",").append("{\"remote_id\":\"").append(id)
                    .append("\",\"ip\":\"127.0.0.1\"}");
        }
        return JSON.readTree("{\"num_routes\":" + remoteIds.length + ",\"routes\":[" + routes + "]}");
    }

    /** {@code followers}: name, current, name, current, ... */
    private static JsonNode jsz(String leader, int clusterSize, Object... followers) throws Exception {
        StringBuilder replicas = new StringBuilder();
        for (int i = 0; i < followers.length; i += 2) {
            replicas.append(i == 0 ? "" : ",").append("{\"name\":\"").append(followers[i]).append("\",\"current\":")
                    .append(followers[i + 1]).append('}');
        }
        return JSON.readTree("{\"meta_cluster\":{\"name\":\"brokerbench\"" + (leader.isEmpty() ? "" : ",\"leader\":\""
                + leader + "\"") + ",\"replicas\":[" + replicas + "],\"cluster_size\":" + clusterSize + "}}");
    }
}
