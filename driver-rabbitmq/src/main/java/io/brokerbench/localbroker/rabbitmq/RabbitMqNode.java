package io.brokerbench.localbroker.rabbitmq;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One rabbitmq-server node: its name in the result ({@code rabbitmq} alone, {@code rabbitmq-1} ... in a
 * cluster), its directory (the node's home with its Erlang cookie, configuration, database and logs), and
 * its AMQP, stream and Erlang distribution ports on 127.0.0.1.
 */
record RabbitMqNode(String name, Path dir, int amqpPort, int streamPort, int distributionPort) {

    /** Erlang distribution listening on 127.0.0.1 only. */
    private static final String LOOPBACK_DISTRIBUTION = "-kernel inet_dist_use_interface {127,0,0,1}";

    /**
     * {@code count} nodes on {@code 3 * count} distinct ports, in that order: a single node named after the
     * type with {@code runDir} as its directory, or {@code rabbitmq-1 .. rabbitmq-count} in {@code node-i/}.
     */
    static List<RabbitMqNode> onPorts(String type, Path runDir, int count, List<Integer> ports) {
        if (ports.size() != 3 * count) {
            throw new IllegalArgumentException(count + " RabbitMQ nodes need " + 3 * count + " ports, not " + ports.size());
        }
        if (count == 1) {
            return List.of(new RabbitMqNode(type, runDir, ports.get(0), ports.get(1), ports.get(2)));
        }
        List<RabbitMqNode> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add(new RabbitMqNode(type + "-" + (i + 1), runDir.resolve("node-" + (i + 1)), ports.get(3 * i),
                    ports.get(3 * i + 1), ports.get(3 * i + 2)));
        }
        return nodes;
    }

    /** The node's Erlang name, unique to this start (its AMQP port was free when chosen). */
    String erlangName() {
        return "brokerbench-" + amqpPort + "@localhost";
    }

    String amqpUri() {
        return "amqp://guest:guest@127.0.0.1:" + amqpPort;
    }

    String streamUri() {
        return "rabbitmq-stream://guest:guest@127.0.0.1:" + streamPort;
    }

    /**
     * This node's {@code rabbitmq.conf}: its listeners on 127.0.0.1, {@code settings} (but the plugins, which
     * have a file of their own) and, in a cluster of {@code cluster}, every node listed for peer discovery by
     * classic configuration, so that the nodes form one cluster as they boot.
     */
    String config(Map<String, String> settings, List<RabbitMqNode> cluster) {
        StringBuilder conf = new StringBuilder("# " + name + ", written by " + RabbitMqLauncher.class.getName() + "\n");
        conf.append("listeners.tcp.default = 127.0.0.1:").append(amqpPort).append('\n');
        conf.append("stream.listeners.tcp.default = 127.0.0.1:").append(streamPort).append('\n');
        // stream clients connect to the host and port the broker advertises, by default its host name
        conf.append("stream.advertised_host = 127.0.0.1\n");
        conf.append("stream.advertised_port = ").append(streamPort).append('\n');
        conf.append("log.file = rabbit.log\n");
        conf.append("log.console = false\n");
        settings.forEach((key, value) -> {
            if (!key.equals(RabbitMqLauncher.PLUGINS)) {
                conf.append(key).append(" = ").append(value).append('\n');
            }
        });
        if (cluster.size() > 1) {
            conf.append("cluster_formation.peer_discovery_backend = classic_config\n");
            for (int i = 0; i < cluster.size(); i++) {
                conf.append("cluster_formation.classic_config.nodes.").append(i + 1).append(" = ")
                        .append(cluster.get(i).erlangName()).append('\n');
            }
        }
        return conf.toString();
    }

    /**
     * Writes the node's configuration for {@code cluster} and {@code cookie} as its Erlang cookie, in the
     * home directory the node is given (readable by its owner only, or Erlang refuses it). Every node of a
     * cluster has the same cookie, or they may not talk to each other.
     */
    void writeFiles(Map<String, String> settings, List<RabbitMqNode> cluster, String cookie) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("rabbitmq.conf"), config(settings, cluster), StandardCharsets.UTF_8);
        Path file = dir.resolve(".erlang.cookie");
        Files.writeString(file, cookie, StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
    }

    /**
     * The environment of the node's start script and of {@code rabbitmqctl} run against it: every path in the
     * node's directory but the plugins and environment files the nodes share in {@code runDir}, its name, the
     * Erlang VM run in place of the script ({@code RABBITMQ_ALLOW_INPUT}, with {@code -noinput} so that it
     * reads no shell) so that the node's process is the one whose CPU and memory are sampled and signalled,
     * Erlang distribution on 127.0.0.1 only (the CLI's too), and the launcher's epmd.
     */
    Map<String, String> environment(Path runDir, int epmdPort) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", dir.toString());
        env.put("RABBITMQ_NODENAME", erlangName());
        env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_NODE_PORT", Integer.toString(amqpPort));
        env.put("RABBITMQ_DIST_PORT", Integer.toString(distributionPort));
        env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_CONF_ENV_FILE", runDir.resolve("rabbitmq-env.conf").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", runDir.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_ALLOW_INPUT", "true");
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-noinput " + LOOPBACK_DISTRIBUTION);
        env.put("RABBITMQ_CTL_ERL_ARGS", LOOPBACK_DISTRIBUTION);
        env.put("ERL_EPMD_PORT", Integer.toString(epmdPort));
        env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
        return env;
    }
}
