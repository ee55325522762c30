package io.brokerbench.localbroker.kafka;

import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.MavenRuntime;
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
import java.util.concurrent.TimeUnit;

/**
 * Starts a single-node KRaft Kafka (broker and controller in one JVM) on 127.0.0.1 from jars
 * resolved from Maven Central via {@code deploy/local/kafka/pom.xml}, at the version of the project's
 * {@code kafka.version} (the client's).
 */
public final class KafkaLauncher implements LocalBrokerLauncher {

    private static final String TYPE = "kafka";

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
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        String version = MavenRuntime.builtVersion(KafkaLauncher.class);
        Path deployDir = home.resolve("deploy/local/kafka");
        Path lib = MavenRuntime.resolve(deployDir.resolve("pom.xml"), "kafka.version", version,
                "kafka-server-" + version + ".jar");
        int port = FreePorts.next();
        int controllerPort = FreePorts.next();
        while (controllerPort == port) {
            controllerPort = FreePorts.next();
        }
        Map<String, String> settings = resultSettings();
        Path config = writeServerProperties(runDir, port, controllerPort, settings);

        List<String> javaPrefix = new ArrayList<>();
        javaPrefix.add(BrokerProcess.javaExecutable());
        javaPrefix.add("-Dlog4j2.configurationFile=" + deployDir.resolve("log4j2.properties"));
        javaPrefix.add("-Dkafka.logs.dir=" + runDir);
        javaPrefix.add("-cp");
        javaPrefix.add(lib + File.separator + "*");

        formatStorage(javaPrefix, config, runDir);

        List<String> command = new ArrayList<>(javaPrefix);
        command.addAll(1, JVM_OPTIONS);
        command.add("kafka.Kafka");
        command.add(config.toString());
        BrokerProcess process = BrokerProcess.start("kafka", command, runDir, runDir.resolve("kafka.log"), Map.of());
        process.awaitReady(READY_TIMEOUT, () -> process.logContains(READY_LINE));

        Map<String, String> recorded = new LinkedHashMap<>(settings);
        recorded.put("jvm.options", String.join(" ", JVM_OPTIONS));
        return new RunningBroker(TYPE, version, process, runDir, Map.of("bootstrapServers", "127.0.0.1:" + port), recorded);
    }

    /**
     * Broker properties that shape what a benchmark measures; recorded with the result. The rest of
     * server.properties is addresses and paths that differ per start.
     */
    private static Map<String, String> resultSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("process.roles", "broker,controller");
        settings.put("num.partitions", "1");
        settings.put("offsets.topic.replication.factor", "1");
        settings.put("offsets.topic.num.partitions", "1");
        settings.put("transaction.state.log.replication.factor", "1");
        settings.put("transaction.state.log.min.isr", "1");
        settings.put("share.coordinator.state.topic.replication.factor", "1");
        settings.put("share.coordinator.state.topic.min.isr", "1");
        // consumers of a new group start at once instead of after the default 3 s
        settings.put("group.initial.rebalance.delay.ms", "0");
        settings.put("auto.create.topics.enable", "true");
        // A topic's retention.bytes is enforced only when retention is checked (every 5 minutes by
        // default), and a deleted segment's file stays another minute. At the maximum rate on one
        // machine that is tens of GB of log between checks: the page cache fills and the processes
        // then wait on memory reclaim, so a run's capacity changes partway through
        // (docs/benchmarks.md, the max-rate search). Checked every 5 s, the log stays near its limit.
        settings.put("log.retention.check.interval.ms", "5000");
        settings.put("log.segment.delete.delay.ms", "1000");
        return settings;
    }

    private static Path writeServerProperties(Path runDir, int port, int controllerPort, Map<String, String> settings)
            throws IOException {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("node.id", "1");
        properties.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        properties.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        properties.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        properties.put("controller.listener.names", "CONTROLLER");
        properties.put("inter.broker.listener.name", "PLAINTEXT");
        properties.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        properties.put("log.dirs", runDir.resolve("data").toString());
        properties.putAll(settings);
        StringBuilder text = new StringBuilder("# written by " + KafkaLauncher.class.getName() + "\n");
        properties.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        Path config = runDir.resolve("server.properties");
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return config;
    }

    /** Formats log.dirs for a new cluster (what {@code kafka-storage.sh format} does). */
    private static void formatStorage(List<String> javaPrefix, Path config, Path runDir)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(javaPrefix);
        command.addAll(List.of("kafka.tools.StorageTool", "format", "-t", newClusterId(), "-c", config.toString()));
        Path log = runDir.resolve("format.log");
        Process format = TetheredProcess.start(new ProcessBuilder(command)
                .directory(runDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))));
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
