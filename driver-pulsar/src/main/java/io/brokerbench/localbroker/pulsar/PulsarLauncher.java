package io.brokerbench.localbroker.pulsar;

import io.brokerbench.lifecycle.ScratchDirectory;
import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.MavenRuntime;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Pulsar on 127.0.0.1 with free ports, from the jars listed in {@code deploy/local/pulsar/pom.xml}, at
 * the version of the project's {@code pulsar.version} (the client's): for one node a standalone
 * (broker, in-JVM bookie and RocksDB metadata store in one JVM, configured by {@code
 * deploy/local/pulsar/standalone.conf.template}); for more, a cluster of that many bookies with a
 * ZooKeeper and a broker ({@link PulsarCluster}). Or each process in a network namespace of its own on its
 * own address ({@link NodeNamespaces}), for network faults.
 */
public final class PulsarLauncher implements LocalBrokerLauncher {

    static final String TYPE = "pulsar";
    static final String LOOPBACK = "127.0.0.1";
    static final String LOOPBACK_INTERFACE = "lo";
    /** Bookies of one cluster on one machine: 3 is the shape users run (ensemble 3); 5 the most that makes sense here. */
    private static final int MAX_NODES = 5;

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(2);

    /** Configuration keys that change what a benchmark measures; their values are reported as run. */
    private static final List<String> REPORTED_SETTINGS = List.of(
            "managedLedgerNewEntriesCheckDelayInMillis",
            "journalFlushWhenQueueEmpty",
            "journalSyncData",
            "managedLedgerDefaultEnsembleSize",
            "managedLedgerDefaultWriteQuorum",
            "managedLedgerDefaultAckQuorum",
            "managedLedgerCacheSizeMB",
            "dbStorage_writeCacheMaxSizeMb",
            "dbStorage_readAheadCacheMaxSizeMb");

    /** Heap and direct memory of the standalone and of a cluster's broker, as measured workable on a 2-core machine. */
    static final List<String> BROKER_MEMORY = List.of("-Xms512m", "-Xmx1g", "-XX:MaxDirectMemorySize=1g");

    /** Every Pulsar JVM's options beside its memory; G1 because ZGC inflates RSS readings. */
    private static final List<String> JVM_OPTIONS = List.of(
            "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=10",
            "-XX:+PerfDisableSharedMem", "-XX:-OmitStackTraceInFastThrow",
            "-Dio.netty.tryReflectionSetAccessible=true",
            "-Dpulsar.allocator.exit_on_oom=true",
            "-Dio.netty.recycler.maxCapacityPerThread=4096");

    /** Netty, BookKeeper and the broker's metrics reach into these JDK internals on Java 17. */
    private static final List<String> OPENED_PACKAGES = List.of(
            "java.base/java.io", "java.base/java.util.zip", "java.base/sun.net",
            "java.management/sun.management", "jdk.management/com.sun.management.internal",
            "java.base/jdk.internal.platform", "java.base/java.nio", "java.base/jdk.internal.misc");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("serviceUrl", "pulsar://127.0.0.1:6650", "httpUrl", "http://127.0.0.1:8080");
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
        return NodeNamespaces.startIn(nodes > 1 ? PulsarNodes.names(nodes) : List.of(TYPE),
                namespaces -> start(home, runDir, nodes, namespaces));
    }

    /** @param namespaces null: every process on 127.0.0.1 */
    private static LocalBroker start(Path home, Path runDir, int nodes, NodeNamespaces namespaces)
            throws IOException, InterruptedException {
        String version = MavenRuntime.builtVersion(PulsarLauncher.class);
        Path deploy = home.resolve("deploy/local/pulsar");
        Path lib = MavenRuntime.resolve(deploy.resolve("pom.xml"), "pulsar.version", version,
                "pulsar-broker-" + version + ".jar");
        if (nodes > 1) {
            return PulsarCluster.start(deploy, lib, version, runDir, nodes, namespaces);
        }

        List<Integer> ports = FreePorts.distinct(3);
        int brokerPort = ports.get(0);
        int webPort = ports.get(1);
        int bookiePort = ports.get(2);
        String host = namespaces == null ? LOOPBACK : namespaces.address(TYPE);

        String config = Files.readString(deploy.resolve("standalone.conf.template"))
                .replace("@BROKER_PORT@", Integer.toString(brokerPort))
                .replace("@WEB_PORT@", Integer.toString(webPort))
                .replace("@HOST@", host)
                .replace("@INTERFACE@", namespaces == null ? LOOPBACK_INTERFACE : namespaces.interfaceOf(TYPE));
        Path configFile = runDir.resolve("standalone.conf");
        Files.writeString(configFile, config);

        List<String> command = javaCommand(BROKER_MEMORY, deploy, lib, "org.apache.pulsar.PulsarStandaloneStarter");
        command.addAll(List.of("--config", configFile.toString(),
                "--no-functions-worker", "--no-stream-storage",
                "--metadata-dir", runDir.resolve("data/metadata").toString(),
                "--bookkeeper-dir", runDir.resolve("data/bookkeeper").toString(),
                "--bookkeeper-port", Integer.toString(bookiePort),
                "--advertised-address", host));

        String httpUrl = "http://" + host + ":" + webPort;
        BrokerProcess process = BrokerProcess.start(TYPE, namespaces == null ? command : namespaces.command(TYPE, command),
                runDir, runDir.resolve("pulsar.log"), Map.of());
        try {
            PulsarWebAdmin admin = new PulsarWebAdmin(httpUrl, HTTP_TIMEOUT);
            process.awaitReady(START_TIMEOUT, admin::defaultNamespaceExists);
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            ScratchDirectory.deleteRecursively(runDir);
            throw e;
        }
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("serviceUrl", "pulsar://" + host + ":" + brokerPort);
        endpoints.put("httpUrl", httpUrl);
        return new RunningBroker(TYPE, version, Map.of(TYPE, process), runDir, endpoints, reportedSettings(config), null,
                namespaces);
    }

    /**
     * {@code java}, its options ({@code memory} first), the log configuration and the broker's jars:
     * every Pulsar JVM's command line up to its main class, then {@code mainClass}.
     */
    static List<String> javaCommand(List<String> memory, Path deploy, Path lib, String mainClass) {
        List<String> command = new ArrayList<>();
        command.add(BrokerProcess.javaExecutable());
        command.addAll(memory);
        command.addAll(JVM_OPTIONS);
        for (String opened : OPENED_PACKAGES) {
            command.add("--add-opens");
            command.add(opened + "=ALL-UNNAMED");
        }
        Path log4j = deploy.resolve("log4j2.properties");
        command.add("-Dlog4j.configurationFile=" + log4j);
        command.add("-Dlog4j2.configurationFile=" + log4j);
        command.addAll(List.of("-cp", lib.resolve("*").toString(), mainClass));
        return command;
    }

    /** The {@link #REPORTED_SETTINGS} that {@code config} (properties text) sets, as it sets them. */
    static Map<String, String> reportedSettings(String config) throws IOException {
        Properties properties = new Properties();
        properties.load(new StringReader(config));
        Map<String, String> settings = new LinkedHashMap<>();
        for (String key : REPORTED_SETTINGS) {
            String value = properties.getProperty(key);
            if (value != null) {
                settings.put(key, value.trim());
            }
        }
        return Collections.unmodifiableMap(settings);
    }
}
