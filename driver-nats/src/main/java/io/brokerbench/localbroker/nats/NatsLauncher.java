package io.brokerbench.localbroker.nats;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.DebianPackage;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts nats-server with JetStream (Debian package {@code nats-server}) on 127.0.0.1, storing
 * streams in the run directory: one server, or a cluster of up to {@value #MAX_NODES} ({@link NatsCluster});
 * or each server in a network namespace of its own on its own address ({@link NodeNamespaces}), for
 * network faults.
 */
public final class NatsLauncher implements LocalBrokerLauncher {

    static final String TYPE = "nats";
    private static final String LOOPBACK = "127.0.0.1";

    /** JetStream keeps at most 5 replicas of a stream: more nodes would only spread streams thinner. */
    private static final int MAX_NODES = 5;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

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
        return Map.of("url", "nats://127.0.0.1:4222", "monitorUrl", "http://127.0.0.1:8222");
    }

    @Override
    public boolean startsInNamespaces() {
        return true;
    }

    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        return start(runDir, nodes, null);
    }

    @Override
    public LocalBroker startInNamespaces(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        return NodeNamespaces.startIn(nodes > 1 ? NatsNode.names(nodes) : List.of(TYPE),
                namespaces -> start(runDir, nodes, namespaces));
    }

    /** @param namespaces null: every node on 127.0.0.1 */
    private static LocalBroker start(Path runDir, int nodes, NodeNamespaces namespaces) throws IOException, InterruptedException {
        Path natsServer = DebianPackage.executable("nats-server", "nats-server");
        String version = parseVersion(DebianPackage.versionLine(natsServer));
        if (nodes > 1) {
            return NatsCluster.start(natsServer, version, runDir, NatsNode.onPorts(nodes, FreePorts.distinct(3 * nodes),
                    namespaces == null ? name -> LOOPBACK : namespaces::address), READY_TIMEOUT, namespaces);
        }
        String host = namespaces == null ? LOOPBACK : namespaces.address(TYPE);
        List<Integer> ports = FreePorts.distinct(2);
        int port = ports.get(0);
        int monitorPort = ports.get(1);
        Path store = Files.createDirectories(runDir.resolve("store"));
        List<String> command = List.of(natsServer.toString(), "-a", host, "-p", Integer.toString(port),
                "-m", Integer.toString(monitorPort), "-js", "-sd", store.toString(), "-n", "brokerbench-nats");
        BrokerProcess process = BrokerProcess.start(TYPE, namespaces == null ? command : namespaces.command(TYPE, command),
                runDir, runDir.resolve("nats.log"), Map.of());
        try {
            NatsMonitor monitor = new NatsMonitor();
            String monitorUrl = "http://" + host + ":" + monitorPort;
            // healthz answers 200 only once JetStream is up, not merely when the client port is open
            process.awaitReady(READY_TIMEOUT, () -> monitor.get(monitorUrl + "/healthz?js-enabled-only=true") != null);
            Map<String, String> settings = resultSettings(monitor.json(monitorUrl + "/varz"));
            return new RunningBroker(TYPE, version, Map.of(TYPE, process), runDir,
                    Map.of("url", "nats://" + host + ":" + port, "monitorUrl", monitorUrl), settings, null, namespaces);
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /**
     * JetStream limits as the server reports them (they default to shares of this machine's RAM and
     * disk; in a cluster, each node's); a new map the caller may add to.
     */
    static Map<String, String> resultSettings(JsonNode varz) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("jetstream", "enabled");
        if (!varz.isMissingNode()) {
            JsonNode config = varz.path("jetstream").path("config");
            settings.put("jetstream.max_memory", config.path("max_memory").asText());
            settings.put("jetstream.max_storage", config.path("max_storage").asText());
            settings.put("max_payload", varz.path("max_payload").asText());
        }
        return settings;
    }

    /** {@code nats-server: v2.9.10} → {@code 2.9.10}. */
    static String parseVersion(String versionLine) {
        String text = versionLine.strip();
        int v = text.lastIndexOf(" v");
        return v >= 0 ? text.substring(v + 2) : text;
    }
}
