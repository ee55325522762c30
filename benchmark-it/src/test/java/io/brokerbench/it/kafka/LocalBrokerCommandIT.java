package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.cli.LocalBrokerMain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/local-broker} for Kafka as another tool uses it: a real JVM prints the bootstrap address,
 * a Kafka admin client lists the broker's topics there, and closing the command's standard input stops
 * the broker and deletes its data.
 */
class LocalBrokerCommandIT {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "../")).toAbsolutePath().normalize();
    private static final Pattern PID = Pattern.compile("\\(pid (\\d+)\\)");

    @TempDir
    Path tmp;

    @Test
    @Timeout(240)
    void printsTheBootstrapAddressServesKafkaClientsAndStopsWhenStandardInputCloses() throws Exception {
        Process command = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Djava.io.tmpdir=" + tmp, "-Dbenchmark.home=" + HOME,
                "-cp", System.getProperty("java.class.path"), LocalBrokerMain.class.getName(),
                HOME.resolve("driver-kafka/kafka-local.yaml").toString())
                .redirectError(tmp.resolve("stderr.txt").toFile()).start();
        try {
            BufferedReader stdout = new BufferedReader(new InputStreamReader(command.getInputStream(), StandardCharsets.UTF_8));
            String line = stdout.readLine();
            assertNotNull(line, "no line on stdout; stderr: " + stderr());
            assertTrue(line.matches("bootstrapServers=127\\.0\\.0\\.1:\\d+"), line + "; stderr: " + stderr());
            String bootstrap = line.substring("bootstrapServers=".length());

            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000))) {
                Set<String> topics = admin.listTopics().names().get(30, TimeUnit.SECONDS);
                assertTrue(topics.isEmpty(), "a fresh broker has no topics of its own: " + topics);
                assertEquals(1, admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size());
            }
            Matcher pid = PID.matcher(stderr());
            assertTrue(pid.find(), stderr());
            ProcessHandle broker = ProcessHandle.of(Long.parseLong(pid.group(1))).orElseThrow();
            assertTrue(broker.isAlive());

            command.getOutputStream().close();

            assertTrue(command.waitFor(90, TimeUnit.SECONDS), "still running after stdin closed; stderr: " + stderr());
            assertEquals(0, command.exitValue(), stderr());
            assertFalse(broker.isAlive(), "the broker outlived the command");
            try (Stream<Path> left = Files.list(tmp)) {
                List<String> names = left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("brokerbench-")).toList();
                assertEquals(List.of(), names, "the broker's data stays behind");
            }
        } finally {
            command.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private String stderr() throws IOException {
        return Files.readString(tmp.resolve("stderr.txt"));
    }
}
