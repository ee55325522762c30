package io.brokerbench.localbroker.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.DebianPackage;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Starts Debian's rabbitmq-server (package {@code rabbitmq-server}) on 127.0.0.1: one node, or a cluster of
 * up to {@value #MAX_NODES} ({@link RabbitMqCluster}). Each node has free AMQP, stream and Erlang
 * distribution ports, the stream plugin on and the management plugin off, and every file it writes
 * (configuration, database, logs, Erlang cookie) in the run directory ({@link RabbitMqNode}). Nothing of a
 * system RabbitMQ is read or touched: {@code /etc/rabbitmq} is replaced by files of its own, node names and
 * the cookie are generated per start, and the nodes register with an epmd of its own on a free port.
 *
 * <p>epmd: an Erlang node registers its distribution port with epmd, and RabbitMQ starts one as a daemon when
 * none answers, which would outlive the broker. So this launcher starts {@code epmd} itself, in the
 * foreground on a free port of 127.0.0.1 ({@code ERL_EPMD_PORT} for every node), and stops it after the
 * nodes ({@link RabbitMqBroker}); an epmd of the machine on port 4369 is neither used nor touched.
 */
public final class RabbitMqLauncher implements LocalBrokerLauncher {

    static final String TYPE = "rabbitmq";
    /** The settings key of the plugins, which go to {@code enabled_plugins} rather than {@code rabbitmq.conf}. */
    static final String PLUGINS = "plugins";

    /** Quorum queues and streams have a member on every node: 5 is the most that makes sense on one machine. */
    private static final int MAX_NODES = 5;
    private static final Path SERVER_SCRIPT = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final int PROBE_TIMEOUT_MS = 1_000;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public int maxNodes() {
        return MAX_NODES;
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        RabbitMqNode node = RabbitMqNode.onPorts(TYPE, Path.of("."), 1, List.of(5672, 5552, 25672)).get(0);
        return endpoints(List.of(node));
    }

    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        // the package's sbin wrapper would switch to the rabbitmq user and its /var/lib home: run the script itself
        DebianPackage.executable("rabbitmq-server", "rabbitmq-server");
        Path epmd = DebianPackage.executable("epmd", "erlang-base");
        List<Integer> ports = FreePorts.distinct(3 * nodes + 1);
        int epmdPort = ports.get(3 * nodes);
        List<RabbitMqNode> cluster = RabbitMqNode.onPorts(TYPE, runDir, nodes, ports.subList(0, 3 * nodes));
        Map<String, String> settings = resultSettings(nodes);
        writeFiles(runDir, cluster, settings);
        // recorded with the result, not a rabbitmq.conf key: added once the files are written
        if (nodes > 1) {
            settings.put("cluster.nodes", Integer.toString(nodes));
        }

        BrokerProcess epmdProcess = BrokerProcess.start("rabbitmq-epmd", List.of(epmd.toString(), "-port",
                Integer.toString(epmdPort), "-address", "127.0.0.1"), runDir, runDir.resolve("epmd.log"), Map.of());
        try {
            epmdProcess.awaitReady(READY_TIMEOUT, () -> accepts(epmdPort));
            if (nodes > 1) {
                return new RabbitMqBroker(RabbitMqCluster.start(runDir, cluster, epmdPort, settings, READY_TIMEOUT),
                        epmdProcess);
            }
            RabbitMqNode node = cluster.get(0);
            BrokerProcess process = startNode(node, runDir, epmdPort);
            String version = awaitAmqp(process, node, READY_TIMEOUT);
            return new RabbitMqBroker(new RunningBroker(TYPE, version, process, runDir, endpoints(cluster), settings),
                    epmdProcess);
        } catch (IOException | InterruptedException | RuntimeException e) {
            epmdProcess.close();
            throw e;
        }
    }

    /**
     * Broker settings that change what a benchmark measures (RabbitMQ's defaults, written out); recorded, and
     * all but the plugins written to each node's {@code rabbitmq.conf}. A new map the caller may add to.
     */
    private static Map<String, String> resultSettings(int nodes) {
        Map<String, String> settings = new LinkedHashMap<>();
        // beyond it the broker blocks every publishing connection until memory is freed
        settings.put("vm_memory_high_watermark.relative", "0.4");
        // below it the broker blocks publishers too (a nearly full disk)
        settings.put("disk_free_limit.absolute", "50MB");
        if (nodes > 1) {
            // a queue's or stream's leader goes to the node its declaring client is connected to
            settings.put("queue_leader_locator", "client-local");
        }
        settings.put(PLUGINS, "rabbitmq_stream");
        return settings;
    }

    /**
     * The files the nodes share in the run directory, the plugins ({@code enabled_plugins}) and an empty
     * environment file in place of {@code /etc/rabbitmq/rabbitmq-env.conf}, and each node's own, with one
     * fresh Erlang cookie for them all.
     */
    static void writeFiles(Path runDir, List<RabbitMqNode> nodes, Map<String, String> settings) throws IOException {
        Files.writeString(runDir.resolve("enabled_plugins"), "[" + settings.get(PLUGINS) + "].\n", StandardCharsets.UTF_8);
        Files.writeString(runDir.resolve("rabbitmq-env.conf"), "", StandardCharsets.UTF_8);
        byte[] secret = new byte[20];
        new SecureRandom().nextBytes(secret);
        String cookie = "BB" + HexFormat.of().withUpperCase().formatHex(secret);
        for (RabbitMqNode node : nodes) {
            node.writeFiles(settings, nodes, cookie);
        }
    }

    /** The AMQP and stream addresses of the first node, and of every node as a YAML flow list. */
    static Map<String, String> endpoints(List<RabbitMqNode> nodes) {
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("amqpUri", nodes.get(0).amqpUri());
        endpoints.put("streamUri", nodes.get(0).streamUri());
        // a driver file says amqpUris: ${localBroker.amqpUris}, a plain string until the list replaces it
        endpoints.put("amqpUris", "[" + String.join(", ", nodes.stream().map(RabbitMqNode::amqpUri).toList()) + "]");
        endpoints.put("streamUris", "[" + String.join(", ", nodes.stream().map(RabbitMqNode::streamUri).toList()) + "]");
        return endpoints;
    }

    /** Starts the node's script, which execs the Erlang VM in place, with its output in {@link #log}. */
    static BrokerProcess startNode(RabbitMqNode node, Path runDir, int epmdPort) throws IOException {
        return BrokerProcess.start(node.name(), List.of(SERVER_SCRIPT.toString()), node.dir(), log(runDir, node.name()),
                node.environment(runDir, epmdPort));
    }

    /** The node's console output; what it logs itself goes to {@code log/rabbit.log} in its directory. */
    static Path log(Path runDir, String node) {
        return runDir.resolve(node + ".log");
    }

    /**
     * Waits until the node's stream port accepts connections and an AMQP client connects (it has booted, and
     * joined its cluster); returns the version it announces there. Stops it if it does not within {@code
     * timeout}.
     */
    static String awaitAmqp(BrokerProcess process, RabbitMqNode node, Duration timeout)
            throws IOException, InterruptedException {
        String[] version = new String[1];
        try {
            process.awaitReady(timeout, () -> accepts(node.streamPort())
                    && (version[0] = serverVersion(node.amqpPort())) != null);
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
        return version[0];
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), PROBE_TIMEOUT_MS);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** The version the broker announces to an AMQP client, or null while it does not accept one. */
    private static String serverVersion(int amqpPort) {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost("127.0.0.1");
        factory.setPort(amqpPort);
        factory.setConnectionTimeout(PROBE_TIMEOUT_MS);
        factory.setAutomaticRecoveryEnabled(false);
        try (Connection connection = factory.newConnection("brokerbench-readiness")) {
            Object version = connection.getServerProperties().get("version");
            return version == null ? "unknown" : version.toString();
        } catch (IOException | TimeoutException notYet) {
            return null;
        }
    }
}
