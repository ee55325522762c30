package io.brokerbench.localbroker.pulsar;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a local Pulsar cluster says about itself, for the result: its processes, the bookies the broker
 * knows and those registered as writable, and for each of the run's topics the namespace's persistence
 * policy and, per partition, the broker owning it and its current ledger's ensemble and quorums as
 * BookKeeper recorded them (not as the driver file asked). For a run's faults, a partition's leader is
 * the broker that owns it and its replicas are the bookies of its current ledger's ensemble.
 */
final class PulsarClusterShape implements RunningBroker.ShapeReport {

    /** Asked while a fault may have taken a process away: an answer late by more than this is no answer. */
    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration DESCRIBE_TIMEOUT = Duration.ofSeconds(15);
    /** BookKeeper's LedgerMetadata.toString(): its quorums and {@code ensembles={0=[a, b, c], 17=[a, d, c]}}. */
    private static final Pattern ENSEMBLE_SIZE = Pattern.compile("\\bensembleSize=(\\d+)");
    private static final Pattern WRITE_QUORUM = Pattern.compile("\\bwriteQuorumSize=(\\d+)");
    private static final Pattern ACK_QUORUM = Pattern.compile("\\backQuorumSize=(\\d+)");
    private static final Pattern ENSEMBLE = Pattern.compile("\\d+=\\[([^\\]]*)\\]");

    private final PulsarNodes nodes;
    private final ZooKeeperWords zookeeper;
    private final PulsarWebAdmin ask;
    private final PulsarWebAdmin describe;

    PulsarClusterShape(PulsarNodes nodes, ZooKeeperWords zookeeper) {
        this.nodes = nodes;
        this.zookeeper = zookeeper;
        this.ask = new PulsarWebAdmin(nodes.httpUrl(), ASK_TIMEOUT);
        this.describe = new PulsarWebAdmin(nodes.httpUrl(), DESCRIBE_TIMEOUT);
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("nodes", nodes.all().stream().map(this::describeNode).toList());
        try {
            shape.put("bookies", describe.json("/admin/v2/bookies/all").map(all -> bookieNames(all.path("bookies")))
                    .orElseThrow(() -> new IOException("the broker did not list its bookies")));
            shape.put("writableBookies", zookeeper.writableBookies().stream().map(nodes::nameOfBookie).sorted().toList());
            shape.put("leaderBroker", leaderBroker(describe).orElse(null));
            Map<String, Object> described = new LinkedHashMap<>();
            for (String topic : topics) {
                described.put(topic, describeTopic(topic));
            }
            if (!described.isEmpty()) {
                shape.put("topics", described);
            }
        } catch (IOException | RuntimeException e) {
            // the run goes on: a shape the cluster did not report is said to be missing, not guessed
            shape.put("error", "the cluster did not describe itself: " + OneLine.of(e));
        }
        return shape;
    }

    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        return partitionName(ask, topic, partition).flatMap(name -> owner(ask, name));
    }

    @Override
    public List<String> replicasOf(String topic, int partition) {
        return partitionName(ask, topic, partition).flatMap(name -> currentLedger(ask, name))
                .map(ledger -> ensemble(ledger.path("metadata").asText())).orElse(List.of());
    }

    /** The broker leading the cluster's load manager, which assigns topics to brokers. */
    @Override
    public Optional<String> controller() {
        return leaderBroker(ask);
    }

    private Map<String, Object> describeNode(PulsarNodes.Node node) {
        Map<String, Object> described = new LinkedHashMap<>();
        described.put("name", node.name());
        described.put("role", node == nodes.zookeeper() ? "metadata store" : node == nodes.broker() ? "broker" : "bookie");
        described.put("port", node.port());
        if (node.webPort() != 0) {
            described.put("webPort", node.webPort());
        }
        return described;
    }

    private Map<String, Object> describeTopic(String topic) throws IOException {
        Map<String, Object> entry = new LinkedHashMap<>();
        JsonNode persistence = describe.json("/admin/v2/namespaces/" + namespaceOf(topic) + "/persistence").orElse(null);
        if (persistence != null && persistence.has("bookkeeperEnsemble")) {
            entry.put("persistence", Map.of("ensembleSize", persistence.get("bookkeeperEnsemble").asInt(),
                    "writeQuorum", persistence.get("bookkeeperWriteQuorum").asInt(),
                    "ackQuorum", persistence.get("bookkeeperAckQuorum").asInt()));
        }
        int partitions = partitionCount(describe, topic).orElseThrow(
                () -> new IOException("the broker did not tell how many partitions " + topic + " has"));
        List<Map<String, Object>> described = new ArrayList<>();
        for (int partition = 0; partition < Math.max(1, partitions); partition++) {
            String name = partitions == 0 ? topic : topic + "-partition-" + partition;
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("partition", partition);
            p.put("leader", owner(describe, name).orElse(null));
            currentLedger(describe, name).ifPresent(ledger -> {
                String metadata = ledger.path("metadata").asText();
                p.put("ledger", ledger.path("ledgerId").asLong());
                p.put("ensembleSize", quorum(ENSEMBLE_SIZE, metadata));
                p.put("writeQuorum", quorum(WRITE_QUORUM, metadata));
                p.put("ackQuorum", quorum(ACK_QUORUM, metadata));
                p.put("replicas", ensemble(metadata));
            });
            described.add(p);
        }
        entry.put("partitions", described);
        return entry;
    }

    /** {@code persistent://tenant/namespace/topic}: {@code tenant/namespace}. */
    private static String namespaceOf(String topic) {
        String[] path = restPath(topic).split("/");
        return path[1] + "/" + path[2];
    }

    /** {@code persistent://tenant/namespace/topic}: {@code persistent/tenant/namespace/topic}, as the REST API's paths name it. */
    private static String restPath(String topic) {
        int scheme = topic.indexOf("://");
        if (scheme < 0) {
            throw new IllegalArgumentException("not a full Pulsar topic name: " + topic);
        }
        return topic.substring(0, scheme) + "/" + topic.substring(scheme + 3);
    }

    /** 0 for a topic that is not partitioned; empty when the broker does not answer. */
    private static Optional<Integer> partitionCount(PulsarWebAdmin admin, String topic) {
        try {
            return admin.json("/admin/v2/" + restPath(topic) + "/partitions").map(meta -> meta.path("partitions").asInt());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> partitionName(PulsarWebAdmin admin, String topic, int partition) {
        return partitionCount(admin, topic).flatMap(count -> count == 0 && partition == 0 ? Optional.of(topic)
                : partition < count ? Optional.of(topic + "-partition-" + partition) : Optional.empty());
    }

    /** The broker that owns the topic (or one partition's topic) now, by the broker's lookup. */
    private Optional<String> owner(PulsarWebAdmin admin, String topic) {
        try {
            return admin.json("/lookup/v2/topic/" + restPath(topic))
                    .flatMap(lookup -> nodes.nameOfBroker(lookup.path("brokerUrl").asText(null)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The last ledger of the topic's managed ledger, with BookKeeper's metadata of it: the one being written. */
    private static Optional<JsonNode> currentLedger(PulsarWebAdmin admin, String topic) {
        try {
            return admin.json("/admin/v2/" + restPath(topic) + "/internalStats?metadata=true")
                    .map(stats -> stats.path("ledgers"))
                    .filter(ledgers -> ledgers.size() > 0)
                    .map(ledgers -> ledgers.get(ledgers.size() - 1));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Optional<String> leaderBroker(PulsarWebAdmin admin) {
        try {
            return admin.json("/admin/v2/brokers/leaderBroker")
                    .flatMap(leader -> nodes.nameOfBroker(leader.path("serviceUrl").asText(null)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The bookies of the ledger's current ensemble (its last: an ensemble change starts a new one), by name. */
    private List<String> ensemble(String metadata) {
        Matcher matcher = ENSEMBLE.matcher(metadata.substring(Math.max(0, metadata.indexOf("ensembles="))));
        String last = null;
        while (matcher.find()) {
            last = matcher.group(1);
        }
        return last == null ? List.of() : Arrays.stream(last.split(",")).map(String::strip).map(nodes::nameOfBookie).toList();
    }

    private static Integer quorum(Pattern pattern, String metadata) {
        Matcher matcher = pattern.matcher(metadata);
        return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
    }

    private List<String> bookieNames(JsonNode bookies) {
        List<String> names = new ArrayList<>();
        bookies.forEach(bookie -> names.add(nodes.nameOfBookie(bookie.path("bookieId").asText())));
        return names.stream().sorted().toList();
    }
}
