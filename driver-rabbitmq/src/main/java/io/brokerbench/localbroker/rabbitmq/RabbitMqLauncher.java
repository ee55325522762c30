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
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Starts Debian's rabbitmq-server (package {@code rabbitmq-server}) as a node of its own on 127.0.0.1: free
 * AMQP, stream and Erlang distribution ports, the stream plugin on and the management plugin off, and every
 * file it writes (configuration, database, logs, Erlang cookie) in the run directory. Nothing of a system
 * RabbitMQ is read or touched: {@code /etc/rabbitmq} is replaced by files of its own, its node name and
 * cookie are generated per start, and it registers with an epmd of its own on a free port.
 *
 * <p>epmd: an Erlang node registers its distribution port with epmd, and RabbitMQ starts one as a daemon when
 * none answers, which would outlive the broker. So this launcher starts {@code epmd} itself, in the
 * foreground on a free port of 127.0.0.1 ({@code ERL_EPMD_PORT} for the node), and stops it after the node
 * ({@link RabbitMqBroker}); an epmd of the machine on port 4369 is neither used nor touched.
 */
public final class RabbitMqLauncher implements LocalBrokerLauncher {

    private static final String TYPE = "rabbitmq";
    private static final Path SERVER_SCRIPT = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final int PROBE_TIMEOUT_MS = 1_000;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("amqpUri", "amqp://guest:guest@127.0.0.1:5672", "streamUri",
                "rabbitmq-stream://guest:guest@127.0.0.1:5552");
    }

    /** One node ({@link LocalBrokerLauncher#maxNodes()}): LocalBrokers refuses more before asking. */
    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        // the package's sbin wrapper would switch to the rabbitmq user and its /var/lib home: run the script itself
        DebianPackage.executable("rabbitmq-server", "rabbitmq-server");
        Path epmd = DebianPackage.executable("epmd", "erlang-base");
        Ports ports = new Ports(FreePorts.next(), FreePorts.next(), FreePorts.next(), FreePorts.next());
        Map<String, String> settings = resultSettings();
        writeFiles(runDir, ports, settings);

        BrokerProcess epmdProcess = BrokerProcess.start("rabbitmq-epmd", List.of(epmd.toString(), "-port",
                Integer.toString(ports.epmd()), "-address", "127.0.0.1"), runDir, runDir.resolve("epmd.log"), Map.of());
        BrokerProcess node;
        try {
            epmdProcess.awaitReady(READY_TIMEOUT, () -> accepts(ports.epmd()));
            node = BrokerProcess.start(TYPE, List.of(SERVER_SCRIPT.toString()), runDir, runDir.resolve("rabbitmq.log"),
                    environment(runDir, ports));
        } catch (IOException | RuntimeException e) {
            epmdProcess.close();
            throw e;
        }
        String[] version = new String[1];
        try {
            node.awaitReady(READY_TIMEOUT, () -> accepts(ports.stream()) && (version[0] = serverVersion(ports.amqp())) != null);
        } catch (IOException | RuntimeException e) {
            node.close();
            epmdProcess.close();
            throw e;
        }
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("amqpUri", "amqp://guest:guest@127.0.0.1:" + ports.amqp());
        endpoints.put("streamUri", "rabbitmq-stream://guest:guest@127.0.0.1:" + ports.stream());
        return new RabbitMqBroker(new RunningBroker(TYPE, version[0], node, runDir, endpoints, settings), epmdProcess);
    }

    /** The node's listeners: AMQP and stream for clients, Erlang distribution, and its epmd. */
    record Ports(int amqp, int stream, int distribution, int epmd) {
    }

    /** Broker settings that change what a benchmark measures (RabbitMQ's defaults, written out); recorded. */
    private static Map<String, String> resultSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        // beyond it the broker blocks every publishing connection until memory is freed
        settings.put("vm_memory_high_watermark.relative", "0.4");
        // below it the broker blocks publishers too (a nearly full disk)
        settings.put("disk_free_limit.absolute", "50MB");
        settings.put("plugins", "rabbitmq_stream");
        return settings;
    }

    /**
     * The node's configuration ({@code rabbitmq.conf}), plugins ({@code enabled_plugins}), an empty
     * environment file in place of {@code /etc/rabbitmq/rabbitmq-env.conf}, and a fresh Erlang cookie in the
     * home directory the node is given (readable by its owner only, or Erlang refuses it).
     */
    static void writeFiles(Path runDir, Ports ports, Map<String, String> settings) throws IOException {
        StringBuilder conf = new StringBuilder("# written by " + RabbitMqLauncher.class.getName() + "\n");
        conf.append("listeners.tcp.default = 127.0.0.1:").append(ports.amqp()).append('\n');
        conf.append("stream.listeners.tcp.default = 127.0.0.1:").append(ports.stream()).append('\n');
        // stream clients connect to the host and port the broker advertises, by default its host name
        conf.append("stream.advertised_host = 127.0.0.1\n");
        conf.append("stream.advertised_port = ").append(ports.stream()).append('\n');
        conf.append("log.file = rabbit.log\n");
        conf.append("log.console = false\n");
        settings.forEach((key, value) -> {
            if (!key.equals("plugins")) {
                conf.append(key).append(" = ").append(value).append('\n');
            }
        });
        Files.writeString(runDir.resolve("rabbitmq.conf"), conf, StandardCharsets.UTF_8);
        Files.writeString(runDir.resolve("enabled_plugins"), "[" + settings.get("plugins") + "].\n", StandardCharsets.UTF_8);
        Files.writeString(runDir.resolve("rabbitmq-env.conf"), "", StandardCharsets.UTF_8);
        Path cookie = runDir.resolve(".erlang.cookie");
        byte[] secret = new byte[20];
        new SecureRandom().nextBytes(secret);
        Files.writeString(cookie, "BB" + HexFormat.of().withUpperCase().formatHex(secret), StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
    }

    /**
     * The script's environment: every path in the run directory, a node name unique to this start, and the
     * Erlang VM run in place of the script ({@code RABBITMQ_ALLOW_INPUT}, with {@code -noinput} so that it
     * reads no shell), so the node's process is the one whose CPU and memory are sampled and signalled.
     */
    static Map<String, String> environment(Path runDir, Ports ports) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", runDir.toString());
        env.put("RABBITMQ_NODENAME", "brokerbench-" + ports.amqp() + "@localhost");
        env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_NODE_PORT", Integer.toString(ports.amqp()));
        env.put("RABBITMQ_DIST_PORT", Integer.toString(ports.distribution()));
        env.put("RABBITMQ_CONFIG_FILE", runDir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_CONF_ENV_FILE", runDir.resolve("rabbitmq-env.conf").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", runDir.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_MNESIA_BASE", runDir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", runDir.resolve("log").toString());
        env.put("RABBITMQ_ALLOW_INPUT", "true");
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-noinput -kernel inet_dist_use_interface {127,0,0,1}");
        env.put("ERL_EPMD_PORT", Integer.toString(ports.epmd()));
        env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
        return env;
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
