package io.brokerbench.localbroker.pulsar;

import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import io.brokerbench.localbroker.TetheredProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts a local Pulsar cluster: one ZooKeeper as the metadata store, {@code bookies} bookies and one
 * broker, each its own JVM on 127.0.0.1 (or in a network namespace of its own, on its own address) with
 * its own ports, directory and log, so that every one of them can be faulted and is measured on its own.
 * Ledgers default to 3 copies (ensemble 3, write quorum 3) of which 2 acknowledge each entry, or as many
 * as there are bookies.
 */
final class PulsarCluster {

    private static final String CLUSTER_NAME = "local";
    /** Five JVMs starting at once on a loaded 2-core machine take their time; they started in about a minute. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration SETUP_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(5);

    /** The metadata store holds little: the cluster's namespaces, topics and ledgers. */
    static final List<String> ZOOKEEPER_MEMORY = List.of("-Xmx128m");
    /** The bookie's caches are direct memory (write cache 2 x 32 MB, read-ahead 32 MB) beside Netty's buffers. */
    static final List<String> BOOKIE_MEMORY = List.of("-Xms128m", "-Xmx256m", "-XX:MaxDirectMemorySize=512m");
    /** A one-off JVM that writes the cluster's first metadata and exits. */
    private static final List<String> SETUP_MEMORY = List.of("-Xmx256m");

    private PulsarCluster() {
    }

    /** @param namespaces where each process runs (the caller removes them should the start fail); null: on 127.0.0.1 */
    static LocalBroker start(Path deploy, Path lib, String version, Path runDir, int bookies, NodeNamespaces namespaces)
            throws IOException, InterruptedException {
        PulsarNodes nodes = PulsarNodes.allocate(bookies, runDir,
                namespaces == null ? name -> PulsarLauncher.LOOPBACK : namespaces::address);
        int ensemble = Math.min(3, bookies);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("@ZOOKEEPER_HOST@", nodes.zookeeper().host());
        values.put("@ZOOKEEPER_PORT@", Integer.toString(nodes.zookeeper().port()));
        values.put("@BROKER_PORT@", Integer.toString(nodes.broker().port()));
        values.put("@WEB_PORT@", Integer.toString(nodes.broker().webPort()));
        values.put("@ENSEMBLE@", Integer.toString(ensemble));
        values.put("@WRITE_QUORUM@", Integer.toString(ensemble));
        values.put("@ACK_QUORUM@", Integer.toString(Math.min(2, bookies)));

        Map<String, BrokerProcess> processes = new LinkedHashMap<>();
        String brokerConfig;
        String bookieConfig = "";
        try {
            PulsarNodes.Node zookeeper = nodes.zookeeper();
            Path zookeeperConfig = writeConfig(deploy, "cluster-zookeeper.conf.template", zookeeper, values,
                    "zookeeper.conf", null);
            processes.put(zookeeper.name(), start(zookeeper, namespaces, javaCommand(ZOOKEEPER_MEMORY, deploy, lib,
                    "org.apache.zookeeper.server.ZooKeeperServerMain", zookeeperConfig.toString())));
            ZooKeeperWords words = new ZooKeeperWords(zookeeper.host(), zookeeper.port());
            processes.get(zookeeper.name()).awaitReady(SETUP_TIMEOUT, words::serving);
            setUpMetadata(deploy, lib, nodes, runDir);

            for (PulsarNodes.Node bookie : nodes.bookies()) {
                Path config = writeConfig(deploy, "cluster-bookie.conf.template", bookie, values, "bookie.conf",
                        namespaces == null ? PulsarLauncher.LOOPBACK_INTERFACE : namespaces.interfaceOf(bookie.name()));
                bookieConfig = Files.readString(config);
                processes.put(bookie.name(), start(bookie, namespaces, javaCommand(BOOKIE_MEMORY, deploy, lib,
                        "org.apache.bookkeeper.server.Main", "--conf", config.toString())));
            }
            PulsarNodes.Node broker = nodes.broker();
            Path config = writeConfig(deploy, "cluster-broker.conf.template", broker, values, "broker.conf", null);
            brokerConfig = Files.readString(config);
            processes.put(broker.name(), start(broker, namespaces, javaCommand(PulsarLauncher.BROKER_MEMORY, deploy, lib,
                    "org.apache.pulsar.PulsarBrokerStarter", "--broker-conf", config.toString())));
            awaitWholeCluster(nodes, processes, words);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the processes that did start must not outlive the failed start; their logs stay for the error
            processes.values().forEach(BrokerProcess::close);
            throw e;
        }

        Map<String, String> settings = new LinkedHashMap<>(PulsarLauncher.reportedSettings(brokerConfig + "\n" + bookieConfig));
        settings.put("jvm.options.broker", String.join(" ", PulsarLauncher.BROKER_MEMORY));
        settings.put("jvm.options.bookie", String.join(" ", BOOKIE_MEMORY));
        settings.put("jvm.options.zookeeper", String.join(" ", ZOOKEEPER_MEMORY));
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("serviceUrl", nodes.serviceUrl());
        endpoints.put("httpUrl", nodes.httpUrl());
        // the broker first, then the bookies, ZooKeeper last: a broker or bookie whose ZooKeeper is gone blocks
        // on it until its grace period ends (all at once, a stop took 20 s; PulsarClusterLauncherIT prints it)
        return new RunningBroker(PulsarLauncher.TYPE, version, processes, runDir, endpoints, settings,
                new PulsarClusterShape(nodes, new ZooKeeperWords(nodes.zookeeper().host(), nodes.zookeeper().port())),
                namespaces)
                .stoppedInTiers(List.of(List.of(nodes.broker().name()),
                        nodes.bookies().stream().map(PulsarNodes.Node::name).toList()));
    }

    private static List<String> javaCommand(List<String> memory, Path deploy, Path lib, String mainClass, String... args) {
        List<String> command = PulsarLauncher.javaCommand(memory, deploy, lib, mainClass);
        command.addAll(List.of(args));
        return command;
    }

    /**
     * The template with this cluster's ports and quorums and {@code node}'s own address, port and directory
     * filled in (and the interface it listens on, for a bookie; else null), written to its directory.
     */
    private static Path writeConfig(Path deploy, String template, PulsarNodes.Node node, Map<String, String> values,
            String name, String networkInterface) throws IOException {
        String text = Files.readString(deploy.resolve(template)).replace("@DIR@", node.dir().toString())
                .replace("@HOST@", node.host()).replace("@PORT@", Integer.toString(node.port()));
        if (networkInterface != null) {
            text = text.replace("@INTERFACE@", networkInterface);
        }
        for (Map.Entry<String, String> value : values.entrySet()) {
            text = text.replace(value.getKey(), value.getValue());
        }
        Files.createDirectories(node.dir());
        return Files.writeString(node.dir().resolve(name), text, StandardCharsets.UTF_8);
    }

    private static BrokerProcess start(PulsarNodes.Node node, NodeNamespaces namespaces, List<String> command)
            throws IOException {
        return BrokerProcess.start(node.name(), namespaces == null ? command : namespaces.command(node.name(), command),
                node.dir(), node.dir().resolve(node.name() + ".log"), Map.of());
    }

    /**
     * Writes the cluster's first metadata to ZooKeeper (what {@code pulsar initialize-cluster-metadata}
     * does): the cluster and its URLs, the tenant {@code public} with namespace {@code public/default},
     * and BookKeeper's ledger layout, which the bookies need before they can register.
     */
    private static void setUpMetadata(Path deploy, Path lib, PulsarNodes nodes, Path runDir)
            throws IOException, InterruptedException {
        String store = "zk:" + nodes.zookeeper().hostAndPort();
        List<String> command = javaCommand(SETUP_MEMORY, deploy, lib, "org.apache.pulsar.PulsarClusterMetadataSetup",
                "--cluster", CLUSTER_NAME, "--metadata-store", store, "--configuration-metadata-store", store,
                "--web-service-url", nodes.httpUrl(), "--broker-service-url", nodes.serviceUrl());
        Path log = runDir.resolve("metadata-setup.log");
        Process setup = TetheredProcess.start(new ProcessBuilder(command)
                .directory(runDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))));
        if (!setup.waitFor(SETUP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            setup.destroyForcibly();
            throw new IOException("setting up the Pulsar cluster's metadata took over " + SETUP_TIMEOUT.toSeconds()
                    + " s; see " + log);
        }
        if (setup.exitValue() != 0) {
            throw new IOException("setting up the Pulsar cluster's metadata failed with code " + setup.exitValue()
                    + "; see " + log);
        }
    }

    /**
     * The cluster is whole once every bookie is registered as writable in ZooKeeper, the broker
     * answers with {@code public/default} present, and its health check (a message written to a ledger
     * of the default ensemble and read back) passes.
     */
    private static void awaitWholeCluster(PulsarNodes nodes, Map<String, BrokerProcess> processes, ZooKeeperWords words)
            throws IOException, InterruptedException {
        PulsarWebAdmin admin = new PulsarWebAdmin(nodes.httpUrl(), HTTP_TIMEOUT);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String seen = "nothing";
        while (System.nanoTime() < deadline) {
            for (Map.Entry<String, BrokerProcess> node : processes.entrySet()) {
                if (!node.getValue().isAlive()) {
                    throw new IOException(node.getKey() + " exited before the Pulsar cluster was whole; its log ends with:\n"
                            + node.getValue().tail(40));
                }
            }
            int writable = writableBookies(words);
            if (writable < nodes.bookies().size()) {
                seen = writable + " writable bookie(s)";
            } else if (!admin.defaultNamespaceExists()) {
                seen = "all bookies writable, the broker not answering with public/default";
            } else if (!admin.healthy()) {
                seen = "all bookies writable, the broker's health check not passing";
            } else {
                return;
            }
            Thread.sleep(200);
        }
        throw new IOException("the Pulsar cluster of " + nodes.bookies().size() + " bookies was not whole after "
                + START_TIMEOUT.toSeconds() + " s (last seen: " + seen + "); logs: " + nodes.all().stream()
                        .map(node -> node.dir().resolve(node.name() + ".log").toString()).toList());
    }

    /** How many bookies ZooKeeper lists as writable; none while it does not answer (it is alive: checked first). */
    private static int writableBookies(ZooKeeperWords words) {
        try {
            return words.writableBookies().size();
        } catch (IOException notYet) {
            return 0;
        }
    }
}
