package io.brokerbench.localbroker.kafka;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.RunningBroker;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * leads and follows each partition, as the brokers report them (not as the driver file asked).
 */
final class KafkaClusterShape implements RunningBroker.ShapeReport {

    private static final long TIMEOUT_SECONDS = 15;

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
