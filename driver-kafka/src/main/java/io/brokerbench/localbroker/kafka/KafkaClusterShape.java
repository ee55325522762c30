package io.brokerbench.localbroker.kafka;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.RunningBroker;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;

/**
 * What a local Kafka says about itself, for the result: its nodes, the controller quorum's leader, and
 * for each of the run's topics its replication ({@code min.insync.replicas} included) and which node
 * leads and follows each partition, as the brokers report them (not as the driver file asked); and who
 * leads a partition or the quorum now, for a run's faults.
 */
final class KafkaClusterShape implements RunningBroker.ShapeReport {

    private static final long TIMEOUT_SECONDS = 15;
    /** Asked while a fault may have taken a node away: an answer late by more than this is no answer. */
    private static final long ASK_SECONDS = 3;

    private final KafkaNodes nodes;

    KafkaClusterShape(KafkaNodes nodes) {
        this.nodes = nodes;
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("nodes", nodes.nodes().stream().map(node -> Map.of("name", node.name(), "id", node.id(),
                "port", node.port(), "controllerPort", node.controllerPort())).toList());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, nodes.bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS)))) {
            shape.put("liveNodes", admin.describeCluster().nodes().get(TIMEOUT_SECONDS, TimeUnit.SECONDS).stream()
                    .map(node -> nodes.nameOf(node.id())).sorted().toList());
            shape.put("controllerLeader", nodes.nameOf(
                    admin.describeMetadataQuorum().quorumInfo().get(TIMEOUT_SECONDS, TimeUnit.SECONDS).leaderId()));
            if (!topics.isEmpty()) {
                shape.put("topics", topics(admin, topics));
            }
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            // the run goes on: a shape the brokers did not report is said to be missing, not guessed
            shape.put("error", "the brokers did not describe the cluster: " + OneLine.of(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            shape.put("error", "interrupted while describing the cluster");
        }
        return shape;
    }

    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        return partition(topic, partition).map(p -> p.leader() == null || p.leader().isEmpty() ? null : nodes.nameOf(p.leader().id()));
    }

    @Override
    public List<String> replicasOf(String topic, int partition) {
        return partition(topic, partition).map(p -> names(p.replicas())).orElse(List.of());
    }

    @Override
    public Optional<String> controller() {
        try (Admin admin = admin()) {
            return Optional.of(nodes.nameOf(admin.describeMetadataQuorum().quorumInfo()
                    .get(ASK_SECONDS, TimeUnit.SECONDS).leaderId()));
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The partition as the brokers describe it now; empty when they do not answer in time (a node is down). */
    private Optional<TopicPartitionInfo> partition(String topic, int partition) {
        try (Admin admin = admin()) {
            TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(ASK_SECONDS, TimeUnit.SECONDS).get(topic);
            return description.partitions().stream().filter(p -> p.partition() == partition).findFirst();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, nodes.bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(ASK_SECONDS),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(ASK_SECONDS)));
    }

    private Map<String, Object> topics(Admin admin, Collection<String> names)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<String, TopicDescription> described = admin.describeTopics(names).allTopicNames()
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        List<ConfigResource> resources = names.stream().map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name)).toList();
        Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        Map<String, Object> topics = new LinkedHashMap<>();
        for (String name : names) {
            TopicDescription topic = described.get(name);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("replicationFactor", topic.partitions().isEmpty() ? 0 : topic.partitions().get(0).replicas().size());
            Config config = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, name));
            if (config != null && config.get("min.insync.replicas") != null) {
                entry.put("minInsyncReplicas", config.get("min.insync.replicas").value());
            }
            List<Map<String, Object>> partitions = new ArrayList<>();
            for (TopicPartitionInfo partition : topic.partitions()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("partition", partition.partition());
                p.put("leader", partition.leader() == null ? null : nodes.nameOf(partition.leader().id()));
                p.put("replicas", names(partition.replicas()));
                p.put("isr", names(partition.isr()));
                partitions.add(p);
            }
            entry.put("partitions", partitions);
            topics.put(name, entry);
        }
        return topics;
    }

    private List<String> names(List<Node> brokers) {
        return brokers.stream().map(node -> nodes.nameOf(node.id())).toList();
    }
}
