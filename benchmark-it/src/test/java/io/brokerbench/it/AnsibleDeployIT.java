package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/ansible for real: three hosts made of network namespaces with sshd ({@link NamespaceHosts}),
 * site.yml run against them over SSH as against cloud machines, then benchmarks through the deployed
 * workers and brokers, started by the deployed bin/benchmark on the coordinator host.
 *
 * <p>h1: Kafka broker 1, the Redis primary, NATS node 1, coordinator; h2 and h3: Kafka brokers 2 and 3,
 * a Redis replica, NATS nodes 2 and 3 and a worker each; a Redis sentinel and a Pulsar bookie on every
 * host, Pulsar's ZooKeeper and its one broker on h1.
 * No systemd here: services run under start-stop-daemon (the role's fallback), as root, and apt
 * installs nothing (the packages are already on this machine); the systemd units the role writes
 * beside each service are checked with systemd-analyze verify.
 */
class AnsibleDeployIT {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();
    private static final Path ANSIBLE = HOME.resolve("deploy/ansible");
    private static final String TOKEN = "deploy-it-" + Long.toHexString(System.nanoTime());
    /** The playbooks' and the benchmark's output, kept after the test's directory is gone. */
    private static final Path LOGS = Path.of("target", "ansible-deploy-it");
    private static final Pattern RECAP = Pattern.compile("(?m)^(\\S+)\\s+: ok=\\d+\\s+changed=(\\d+)\\s+unreachable=(\\d+)\\s+failed=(\\d+)");

    @Test
    void deploysBrokersAndWorkersOverSshThenBenchmarksThroughThem(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "skipped: network namespaces need root");
        String failure = Commands.failure("ip", "netns", "list");
        Assumptions.assumeTrue(failure == null, () -> "skipped: no network namespaces here (" + failure + ")");
        Assumptions.assumeTrue(Commands.onPath("ansible-playbook"),
                "skipped: ansible-playbook is not on the PATH (Debian package ansible-core; .ci/run installs it)");

        Files.createDirectories(LOGS);
        try (NamespaceHosts hosts = NamespaceHosts.create(dir, 3)) {
            Path inventory = writeInventory(dir, hosts);
            Path settings = writeSettings(dir);

            Path deployLog = LOGS.resolve("deploy.log");
            assertEquals(0, playbook("site.yml", inventory, settings, dir, deployLog), () -> tail(deployLog));
            step("deployed");
            checkDriverAndWorkersFiles(dir.resolve("out"), hosts);
            checkSystemdUnits(dir);

            Path run = root(dir, 1).resolve("run");
            // a low rate: every message due must be sent even when this machine is shared and slow
            Path workload = Workloads.write(run, 3, 1, 1, 5, 200);
            Path console = LOGS.resolve("benchmark.log");
            // the replicated settings: WAIT 2 fails sends unless both replicas copy them, R3 streams
            // are not created unless the three NATS nodes form one cluster, Pulsar's ack quorum 2 of 3
            // needs the three bookies
            int exit = hosts.ssh(1, "cd " + run + " && set -a && . ./coordinator.env && set +a"
                    + " && BENCHMARK_JVM_OPTS='-Xms64m -Xmx512m' ../brokerbench/bin/benchmark"
                    + " --drivers kafka-latency.yaml,redis-replicated-wait-2.yaml,nats-cluster-r3.yaml,pulsar-cluster-ack-2.yaml"
                    + " -o results "
                    + workload.getFileName(), console, Duration.ofMinutes(6));
            assertEquals(0, exit, () -> tail(console));
            checkResults(run.resolve("results"), hosts);
            step("benchmarked Kafka, Redis, NATS and Pulsar");

            Path redeployLog = LOGS.resolve("redeploy.log");
            assertEquals(0, playbook("site.yml", inventory, settings, dir, redeployLog), () -> tail(redeployLog));
            assertNothingChanged(redeployLog);
            step("deployed again, nothing changed");

            Path stopLog = LOGS.resolve("stop.log");
            assertEquals(0, playbook("stop.yml", inventory, settings, dir, stopLog), () -> tail(stopLog));
            for (int n = 1; n <= 3; n++) {
                assertEquals(Set.of("sshd"), Set.copyOf(hosts.processes(n)), "processes left on h" + n + " after stop.yml");
            }
            step("stopped");
        }
    }

    private final long started = System.nanoTime();

    /** Where the time goes, in the test's output (failsafe-reports): informative, never asserted on. */
    private void step(String done) {
        System.out.printf("AnsibleDeployIT: %s after %d s%n", done, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    }

    private static Path root(Path dir, int host) {
        return dir.resolve("hosts/h" + host);
    }

    /** The inventory Terraform would write, with each host's own directory (they share one file system). */
    private static Path writeInventory(Path dir, NamespaceHosts hosts) throws IOException {
        StringBuilder text = new StringBuilder("[brokers]\n");
        for (int n = 1; n <= 3; n++) {
            text.append("h").append(n).append(" ansible_host=").append(hosts.address(n))
                    .append(" brokerbench_root=").append(root(dir, n))
                    .append(" ansible_remote_tmp=").append(root(dir, n).resolve(".ansible-tmp")).append('\n');
        }
        text.append("[redis]\nh1\nh2\nh3\n[nats]\nh1\nh2\nh3\n[pulsar]\nh1\nh2\nh3\n[clients]\nh2\nh3\n[coordinator]\nh1\n[all:vars]\n")
                .append("ansible_user=root\n")
                // root already: no sudo (which this machine does not have)
                .append("ansible_become=false\n")
                .append("ansible_ssh_private_key_file=").append(hosts.privateKey()).append('\n')
                .append("ansible_ssh_common_args='").append(String.join(" ", hosts.sshOptions()))
                .append("'\n");
        return Files.writeString(dir.resolve("inventory.ini"), text);
    }

    /** Settings for one small machine; everything the controller writes goes under dir. */
    private static Path writeSettings(Path dir) throws IOException {
        return Files.writeString(dir.resolve("settings.yml"), String.join("\n",
                "brokerbench_service_manager: process",
                "brokerbench_service_user: root",
                // the hosts have no route to a mirror, and the packages are installed already
                "brokerbench_apt_update_cache: false",
                "brokerbench_controller_build_dir: " + dir.resolve("controller"),
                "brokerbench_output_dir: " + dir.resolve("out"),
                "brokerbench_worker_jvm_opts: -Xms64m -Xmx384m -XX:+UseG1GC",
                "kafka_heap_opts: -Xms256m -Xmx384m",
                // one broker is enough to write to the three bookies
                "pulsar_broker_count: 1",
                "pulsar_zookeeper_heap_opts: -Xms64m -Xmx128m",
                "pulsar_bookie_heap_opts: -Xms128m -Xmx256m -XX:MaxDirectMemorySize=256m",
                "pulsar_broker_heap_opts: -Xms256m -Xmx512m -XX:MaxDirectMemorySize=512m",
                ""));
    }

    private static int playbook(String playbook, Path inventory, Path settings, Path dir, Path log)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("ansible-playbook", "-i", inventory.toString(), "-e", "@" + settings,
                ANSIBLE.resolve(playbook).toString())
                .directory(ANSIBLE.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.put("ANSIBLE_CONFIG", ANSIBLE.resolve("ansible.cfg").toString());
        // Ansible's own files (temporary files, SSH control sockets) in the test's directory, not ~/.ansible
        environment.put("ANSIBLE_HOME", dir.resolve("ansible-home").toString());
        environment.put("ANSIBLE_LOCAL_TEMP", dir.resolve("ansible-home/tmp").toString());
        environment.put("ANSIBLE_SSH_CONTROL_PATH_DIR", dir.resolve("ansible-home/cp").toString());
        environment.put("ANSIBLE_NOCOLOR", "1");
        environment.put("BROKERBENCH_WORKER_TOKEN", TOKEN);
        Process process = builder.start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(playbook + " did not finish within 10 minutes: " + tail(log));
        }
        return process.exitValue();
    }

    private static void checkDriverAndWorkersFiles(Path out, NamespaceHosts hosts) throws IOException {
        YAMLMapper yaml = new YAMLMapper();
        List<String> workers = new ArrayList<>();
        yaml.readTree(out.resolve("workers.yaml").toFile()).get("workers").forEach(url -> workers.add(url.asText()));
        assertEquals(List.of("http://" + hosts.address(2) + ":8080", "http://" + hosts.address(3) + ":8080"), workers);

        JsonNode kafka = yaml.readTree(out.resolve("kafka-latency.yaml").toFile());
        assertTrue(kafka.get("commonConfig").asText().contains("bootstrap.servers=" + hosts.address(1) + ":9092,"
                + hosts.address(2) + ":9092," + hosts.address(3) + ":9092\n"), kafka.toString());
        assertEquals(3, kafka.get("replicationFactor").asInt());

        // the primary (h1), without and with WAIT; no key of a local broker left
        for (String file : List.of("redis-replicated.yaml", "redis-replicated-wait-1.yaml", "redis-replicated-wait-2.yaml")) {
            JsonNode redis = yaml.readTree(out.resolve(file).toFile());
            // the sentinels name the primary to the client, and a new one after a failover
            assertEquals(hosts.address(1) + ":26379," + hosts.address(2) + ":26379," + hosts.address(3) + ":26379",
                    redis.get("redisSentinels").asText(), file);
            assertEquals("brokerbench", redis.get("redisSentinelMaster").asText(), file);
            assertFalse(redis.has("redisHost"), () -> file + ": " + redis);
            assertFalse(redis.has("localBroker") || redis.has("localBrokerNodes") || redis.has("redisPass"), () -> file + ": " + redis);
        }
        assertEquals(0, yaml.readTree(out.resolve("redis-replicated.yaml").toFile()).path("waitForReplicas").asInt());
        assertEquals(2, yaml.readTree(out.resolve("redis-replicated-wait-2.yaml").toFile()).get("waitForReplicas").asInt());
        assertFalse(Files.exists(out.resolve("redis.yaml")), "redis.yaml is for a single server");

        String natsUrls = "nats://" + hosts.address(1) + ":4222,nats://" + hosts.address(2) + ":4222,nats://"
                + hosts.address(3) + ":4222";
        for (String file : List.of("nats-cluster-r1.yaml", "nats-cluster-r3.yaml")) {
            JsonNode nats = yaml.readTree(out.resolve(file).toFile());
            assertEquals(natsUrls, nats.get("natsHostUrl").asText(), file);
            assertFalse(nats.has("localBroker") || nats.has("localBrokerNodes"), () -> file + ": " + nats);
        }
        assertEquals(3, yaml.readTree(out.resolve("nats-cluster-r3.yaml").toFile()).get("replicationFactor").asInt());

        // the one broker; every ledger on the 3 bookies, acknowledged by 1 or 2 of them
        for (int ackQuorum = 1; ackQuorum <= 2; ackQuorum++) {
            String file = "pulsar-cluster-ack-" + ackQuorum + ".yaml";
            JsonNode pulsar = yaml.readTree(out.resolve(file).toFile());
            assertEquals("Pulsar-cluster-ack-" + ackQuorum, pulsar.get("name").asText(), file);
            JsonNode client = pulsar.get("client");
            assertEquals("pulsar://" + hosts.address(1) + ":6650", client.get("serviceUrl").asText(), file);
            assertEquals("http://" + hosts.address(1) + ":8090", client.get("httpUrl").asText(), file);
            JsonNode persistence = client.get("persistence");
            assertEquals(List.of(3, 3, ackQuorum), List.of(persistence.get("ensembleSize").asInt(),
                    persistence.get("writeQuorum").asInt(), persistence.get("ackQuorum").asInt()), file);
        }
    }

    /** The units a systemd host would get, as written beside each service (systemd-analyze says nothing when they are sound). */
    private static void checkSystemdUnits(Path dir) throws IOException, InterruptedException {
        List<String> units;
        try (Stream<Path> files = Files.find(dir.resolve("hosts"), 4, (path, attributes) -> path.toString().endsWith(".service"))) {
            units = files.map(Path::toString).sorted().toList();
        }
        // 3 Kafka, 2 workers, 3 Redis, 3 sentinels, 3 NATS, Pulsar's ZooKeeper, 3 bookies and a broker
        assertEquals(19, units.size(), units::toString);
        if (!Commands.onPath("systemd-analyze")) {
            return; // the units exist; their syntax is not checked without systemd's tools
        }
        List<String> command = new ArrayList<>(List.of("systemd-analyze", "verify", "--man=no"));
        command.addAll(units);
        Process verify = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(verify.waitFor(60, TimeUnit.SECONDS));
        assertEquals("", output, "systemd-analyze verify " + units);
        assertEquals(0, verify.exitValue());
    }

    private static void checkResults(Path results, NamespaceHosts hosts) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.filter(path -> path.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(4, files.size(), files::toString); // Kafka, Redis, NATS, Pulsar
        Set<String> drivers = new TreeSet<>();
        for (Path file : files) {
            JsonNode result = new ObjectMapper().readTree(file.toFile());
            drivers.add(result.get("driver").asText());
            assertTrue(result.get("complete").asBoolean(), file + " incomplete");
            JsonNode messages = result.get("messages");
            assertTrue(messages.get("sent").asLong() > 0, file + ": " + messages);
            assertEquals(messages.get("sent").asLong(), messages.get("received").asLong(), file + ": " + messages);
            assertEquals(0, messages.get("lost").asLong(), file + ": " + messages);
            assertEquals(0, messages.get("duplicated").asLong(), file + ": " + messages);
            Set<String> workers = new TreeSet<>();
            result.get("workers").forEach(worker -> workers.add(worker.get("id").asText()));
            assertEquals(Set.of("http://" + hosts.address(2) + ":8080", "http://" + hosts.address(3) + ":8080"), workers, file.toString());
        }
        assertEquals(Set.of("Kafka (latency)", "Redis-replicated-WAIT-2", "NATS-cluster-R3", "Pulsar-cluster-ack-2"), drivers);
    }

    /** A second deploy of an unchanged build and settings changes nothing on any host (and restarts nothing). */
    private static void assertNothingChanged(Path log) throws IOException {
        Matcher recap = RECAP.matcher(Files.readString(log));
        int hosts = 0;
        while (recap.find()) {
            hosts++;
            assertEquals("0", recap.group(2), () -> "second deploy changed " + recap.group(1) + ": " + tail(log));
        }
        assertEquals(4, hosts, () -> "play recap of h1-h3 and localhost expected: " + tail(log));
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
        } catch (IOException e) {
            return file + ": " + e.getMessage();
        }
    }
}
