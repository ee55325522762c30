package io.brokerbench.localbroker.kafka;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.MavenRuntime;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import io.brokerbench.localbroker.TetheredProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * Starts a KRaft Kafka on 127.0.0.1 — one node, or a cluster of up to {@value #MAX_NODES} (each node a
 * broker and a controller in one JVM, every node a voter), its nodes optionally each in a network
 * namespace of its own on its own address, for network faults — from jars resolved from Maven Central via
 * {@code deploy/local/kafka/pom.xml}, at the version of the project's {@code kafka.version} (the client's).
 */
public final class KafkaLauncher implements LocalBrokerLauncher {

    private static final String TYPE = "kafka";
    /** Voters of one controller quorum on one machine: 3 is the shape users run; 5 the most that makes sense here. */
    private static final int MAX_NODES = 5;

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);
    private static final String READY_LINE = "Kafka Server started";
    private static final List<String> JVM_OPTIONS =
            List.of("-Xmx1g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-Djava.awt.headless=true");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("bootstrapServers", "127.0.0.1:9092");
    }

    @Override
    public int maxNodes() {
        return MAX_NODES;
    }

    @Override
    public boolean startsInNamespaces() {
        return true;
    }

    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        return start(home, runDir, nodes, null);
    }

    @Override
    public LocalBroker startInNamespaces(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        return NodeNamespaces.startIn(KafkaNodes.names(nodes), namespaces -> start(home, runDir, nodes, namespaces));
    }

    /** @param namespaces null: every node on 127.0.0.1 */
    private static LocalBroker start(Path home, Path runDir, int nodes, NodeNamespaces namespaces)
            throws IOException, InterruptedException {
        String version = MavenRuntime.builtVersion(KafkaLauncher.class);
        Path deployDir = home.resolve("deploy/local/kafka");
        Path lib = MavenRuntime.resolve(deployDir.resolve("pom.xml"), "kafka.version", version,
                "kafka-server-" + version + ".jar");
        KafkaNodes cluster = KafkaNodes.allocate(nodes, runDir,
                namespaces == null ? name -> "127.0.0.1" : namespaces::address);
        Map<String, String> settings = resultSettings(nodes);
        String clusterId = newClusterId();

        Map<KafkaNodes.Node, List<String>> javaPrefixes = new LinkedHashMap<>();
        List<Process> formats = new ArrayList<>();
        for (KafkaNodes.Node node : cluster.nodes()) {
            Files.createDirectories(node.dir());
            Path config = writeServerProperties(node.dir(), cluster.serverProperties(node, settings));
            List<String> javaPrefix = new ArrayList<>();
            javaPrefix.add(BrokerProcess.javaExecutable());
            javaPrefix.add("-Dlog4j2.configurationFile=" + deployDir.resolve("log4j2.properties"));
            javaPrefix.add("-Dkafka.logs.dir=" + node.dir());
            javaPrefix.add("-cp");
            javaPrefix.add(lib + File.separator + "*");
            javaPrefixes.put(node, javaPrefix);
            // every node's storage formatted at once: each format is a JVM start of its own
            formats.add(startFormat(javaPrefix, config, node.dir(), clusterId));
        }
        for (int i = 0; i < formats.size(); i++) {
            awaitFormat(formats.get(i), cluster.nodes().get(i).dir());
        }

        Map<String, BrokerProcess> processes = new LinkedHashMap<>();
        try {
            for (KafkaNodes.Node node : cluster.nodes()) {
                List<String> command = new ArrayList<>(javaPrefixes.get(node));
                command.addAll(1, JVM_OPTIONS);
                command.add("kafka.Kafka");
                command.add(node.dir().resolve("server.properties").toString());
                processes.put(node.name(), BrokerProcess.start(node.name(),
                        namespaces == null ? command : namespaces.command(node.name(), command), node.dir(),
                        node.dir().resolve("kafka.log"), Map.of()));
            }
            for (BrokerProcess process : processes.values()) {
                process.awaitReady(READY_TIMEOUT, () -> process.logContains(READY_LINE));
            }
            if (nodes > 1) {
                awaitWholeCluster(cluster, processes);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the nodes that did start must not outlive the failed start; their logs stay for the error
            processes.values().forEach(BrokerProcess::close);
            throw e;
        }

        Map<String, String> recorded = new LinkedHashMap<>(settings);
        recorded.put("jvm.options", String.join(" ", JVM_OPTIONS));
        Map<String, String> endpoints = Map.of("bootstrapServers", cluster.bootstrapServers());
        return new RunningBroker(TYPE, version, processes, runDir, endpoints, recorded, new KafkaClusterShape(cluster),
                namespaces);
    }

    /**
     * Every node has said it started; the cluster is whole once each is registered as a live broker
     * with the quorum (a node that started alone, or is still fenced, is not yet in describeCluster).
     */
    private static void awaitWholeCluster(KafkaNodes cluster, Map<String, BrokerProcess> processes)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        String seen = "nothing";
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000))) {
            while (System.nanoTime() < deadline) {
                for (Map.Entry<String, BrokerProcess> node : processes.entrySet()) {
                    if (!node.getValue().isAlive()) {
                        throw new IOException(node.getKey() + " exited before the cluster was whole; its log ends with:\n"
                                + node.getValue().tail(40));
                    }
                }
                try {
                    int live = admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).size();
                    if (live == cluster.nodes().size()) {
                        return;
                    }
                    seen = live + " live broker(s)";
                } catch (ExecutionException | TimeoutException notYet) {
                    seen = OneLine.of(notYet);
                }
                Thread.sleep(200);
            }
        }
        throw new IOException("the Kafka cluster of " + cluster.nodes().size() + " nodes was not whole after "
                + READY_TIMEOUT.toSeconds() + " s (last seen: " + seen + "); node logs: " + cluster.nodes().stream()
                        .map(node -> node.dir().resolve("kafka.log").toString()).toList());
    }

    /**
     * Broker properties that shape what a benchmark measures; recorded with the result. The rest of
     * server.properties is addresses and paths that differ per start. A cluster keeps its internal
     * topics (offsets, transactions, share-group state) on 3 nodes, acknowledged by 2, as production
     * clusters do; a single node can only keep them on 1.
     */
    private static Map<String, String> resultSettings(int nodes) {
        String internalReplicas = Integer.toString(Math.min(3, nodes));
        String internalMinIsr = Integer.toString(Math.min(2, nodes));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("process.roles", "broker,controller");
        settings.put("num.partitions", "1");
        settings.put("offsets.topic.replication.factor", internalReplicas);
        settings.put("offsets.topic.num.partitions", "1");
        settings.put("transaction.state.log.replication.factor", internalReplicas);
        settings.put("transaction.state.log.min.isr", internalMinIsr);
        settings.put("share.coordinator.state.topic.replication.factor", internalReplicas);
        settings.put("share.coordinator.state.topic.min.isr", internalMinIsr);
        // consumers of a new group start at once instead of after the default 3 s
        settings.put("group.initial.rebalance.delay.ms", "0");
        settings.put("auto.create.topics.enable", "true");
        // lets a share group ask for record locks down to Kafka's floor of 1 s (the broker's default stays
        // 30 s), so that a driver file's recordLockDurationMs can provoke lock timeouts in a short run
        settings.put("group.share.min.record.lock.duration.ms", "1000");
        // A topic's retention.bytes is enforced only when retention is checked (every 5 minutes by
        // default), and a deleted segment's file stays another minute. At the maximum rate on one
        // machine that is tens of GB of log between checks: the page cache fills and the processes
        // then wait on memory reclaim, so a run's capacity changes partway through
        // (docs/benchmarks.md, the max-rate search). Checked every 5 s, the log stays near its limit.
        settings.put("log.retention.check.interval.ms", "5000");
        settings.put("log.segment.delete.delay.ms", "1000");
        return settings;
    }

    private static Path writeServerProperties(Path dir, Map<String, String> properties) throws IOException {
        StringBuilder text = new StringBuilder("# written by " + KafkaLauncher.class.getName() + "\n");
        properties.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        Path config = dir.resolve("server.properties");
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return config;
    }

    /** Starts formatting a node's log.dirs for a new cluster (what {@code kafka-storage.sh format} does). */
    private static Process startFormat(List<String> javaPrefix, Path config, Path dir, String clusterId) throws IOException {
        List<String> command = new ArrayList<>(javaPrefix);
        command.addAll(List.of("kafka.tools.StorageTool", "format", "-t", clusterId, "-c", config.toString()));
        return TetheredProcess.start(new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("format.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))));
    }

    private static void awaitFormat(Process format, Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("format.log");
        if (!format.waitFor(FORMAT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            format.destroyForcibly();
            throw new IOException("formatting Kafka storage took over " + FORMAT_TIMEOUT.toSeconds() + " s; see " + log);
        }
        if (format.exitValue() != 0) {
            throw new IOException("formatting Kafka storage failed with code " + format.exitValue() + ": "
                    + Files.readString(log, StandardCharsets.ISO_8859_1).strip());
        }
    }

    /** A KRaft cluster id: 16 random bytes, base64url without padding (as {@code kafka-storage random-uuid}). */
    static String newClusterId() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        // Kafka's Uuid rejects ids starting with '-' in command-line tools (read as an option)
        return id.startsWith("-") ? "A" + id.substring(1) : id;
    }
}
