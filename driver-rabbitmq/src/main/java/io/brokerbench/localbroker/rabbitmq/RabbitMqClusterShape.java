package io.brokerbench.localbroker.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A local RabbitMQ cluster as it reports itself, for the result: each node with its ports and the versions
 * it runs, the nodes running in the cluster, and for each of the run's topics its queues (a topic's
 * subscription queues {@code <topic>.<subscription>}, or its stream) with their type, leader, members and
 * the members online. Asked of the first node that answers ({@code rabbitmqctl cluster_status} and {@code
 * list_queues}), as a killed or paused node answers nothing.
 */
final class RabbitMqClusterShape implements RunningBroker.ShapeReport {

    /**
     * How often, at most, who leads is asked of the cluster: each {@code rabbitmqctl} starts an Erlang VM
     * (about a second of CPU), and a fault's watch asks as often as it can; in between, the last answer.
     */
    private static final long LEADERS_ASKED_EVERY_NANOS = 2_000_000_000L;
    private static final String[] QUEUE_FIELDS = {"list_queues", "name", "type", "leader", "members", "online"};

    private final List<RabbitMqNode> nodes;
    private final RabbitMqCtl ctl;
    private JsonNode lastQueues;
    private long lastQueuesNanos;

    RabbitMqClusterShape(List<RabbitMqNode> nodes, RabbitMqCtl ctl) {
        this.nodes = List.copyOf(nodes);
        this.ctl = ctl;
    }

    @Override
    public Map<String, Object> describe(Collection<String> topics) {
        IOException last = null;
        for (RabbitMqNode node : nodes) {
            try {
                return describe(topics, ctl.json(node, "cluster_status"), ctl.json(node, QUEUE_FIELDS));
            } catch (IOException e) {
                last = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted asking RabbitMQ for its shape", e);
            }
        }
        throw new UncheckedIOException("no node of the RabbitMQ cluster answered rabbitmqctl", last);
    }

    /**
     * A topic has no partitions on RabbitMQ: its leader is its stream's, or its first subscription queue's
     * (by name), as the first node that answers reports it now.
     */
    @Override
    public Optional<String> leaderOf(String topic, int partition) {
        return leadQueue(topic).map(queue -> (String) queue.get("leader")).filter(leader -> !leader.isEmpty());
    }

    /** The members of that stream or queue that are online now. */
    @SuppressWarnings("unchecked")
    @Override
    public List<String> replicasOf(String topic, int partition) {
        return leadQueue(topic).map(queue -> (List<String>) queue.get("online")).orElse(List.of());
    }

    private Optional<Map<String, Object>> leadQueue(String topic) {
        return queuesOf(topic, queuesNow()).stream().findFirst();
    }

    /** {@code list_queues} from the first node that answers, asked at most every {@link #LEADERS_ASKED_EVERY_NANOS}. */
    private synchronized JsonNode queuesNow() {
        if (lastQueues != null && System.nanoTime() - lastQueuesNanos < LEADERS_ASKED_EVERY_NANOS) {
            return lastQueues;
        }
        IOException last = null;
        for (RabbitMqNode node : nodes) {
            try {
                lastQueues = ctl.json(node, QUEUE_FIELDS);
                lastQueuesNanos = System.nanoTime();
                return lastQueues;
            } catch (IOException e) {
                last = e; // down or paused: the next node is asked
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted asking RabbitMQ who leads", e);
            }
        }
        throw new UncheckedIOException("no node of the RabbitMQ cluster answered rabbitmqctl list_queues", last);
    }

    /** The shape from one node's {@code cluster_status} and {@code list_queues} (JSON). */
    Map<String, Object> describe(Collection<String> topics, JsonNode status, JsonNode queues) {
        List<Map<String, Object>> nodeList = new ArrayList<>();
        for (RabbitMqNode node : nodes) {
            JsonNode versions = status.path("versions").path(node.erlangName());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", node.name());
            entry.put("erlangNode", node.erlangName());
            entry.put("amqpPort", node.amqpPort());
            entry.put("streamPort", node.streamPort());
            entry.put("distributionPort", node.distributionPort());
            entry.put("version", versions.path("rabbitmq_version").asText(""));
            entry.put("erlangVersion", versions.path("erlang_version").asText(""));
            nodeList.add(entry);
        }
        List<Map<String, Object>> queueList = new ArrayList<>();
        for (String topic : topics) {
            queueList.addAll(queuesOf(topic, queues));
        }
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("nodes", nodeList);
        shape.put("clusterName", status.path("cluster_name").asText(""));
        shape.put("runningNodes", names(status.path("running_nodes")));
        shape.put("queues", queueList);
        return shape;
    }

    /** The topic's stream (named as the topic) or subscription queues ({@code <topic>.<subscription>}), by name. */
    private List<Map<String, Object>> queuesOf(String topic, JsonNode queues) {
        List<Map<String, Object>> found = new ArrayList<>();
        for (JsonNode queue : queues) {
            String name = queue.path("name").asText();
            if (name.equals(topic) || name.startsWith(topic + ".")) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("topic", topic);
                entry.put("queue", name);
                entry.put("type", queue.path("type").asText(""));
                entry.put("leader", name(queue.path("leader").asText("")));
                entry.put("members", names(queue.path("members")));
                entry.put("online", names(queue.path("online")));
                found.add(entry);
            }
        }
        found.sort((a, b) -> ((String) a.get("queue")).compareTo((String) b.get("queue")));
        return found;
    }

    private List<String> names(JsonNode erlangNames) {
        List<String> names = new ArrayList<>();
        erlangNames.forEach(erlangName -> names.add(name(erlangName.asText())));
        return names;
    }

    /** A node's name in the result for its Erlang name; a node not started here keeps its Erlang name. */
    private String name(String erlangName) {
        for (RabbitMqNode node : nodes) {
            if (node.erlangName().equals(erlangName)) {
                return node.name();
            }
        }
        return erlangName;
    }
}
