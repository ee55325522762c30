package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.cli.ExitCode;
import io.brokerbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark --validate} judges the Kafka driver's own keys, before any broker starts. */
class KafkaValidateTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int validate(Path driver) {
        return Main.run(new String[] {"--validate", "--drivers", driver.toString(),
                HOME.resolve("workloads/1-topic-1kb.yaml").toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shippedFilesValidateIncludingTheLocalOneWithItsPlaceholders() {
        assertEquals(ExitCode.OK, validate(HOME.resolve("driver-kafka/kafka.yaml")), err.toString(StandardCharsets.UTF_8));
        assertEquals(ExitCode.OK, validate(HOME.resolve("driver-kafka/kafka-local.yaml")), err.toString(StandardCharsets.UTF_8));
        assertEquals(ExitCode.OK, validate(HOME.resolve("driver-kafka/kafka-local-throughput.yaml")), err.toString(StandardCharsets.UTF_8));
        assertEquals(ExitCode.OK, validate(HOME.resolve("driver-kafka/kafka-cluster-acks-all-netns.yaml")),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void namespacesForALauncherThatStartsOnLoopbackOnlyAreBadInputNamingTheValue() throws Exception {
        String text = Files.readString(HOME.resolve("driver-rabbitmq/rabbitmq-cluster-quorum.yaml")) + "localBrokerNetwork: namespaces\n";
        Path driver = Files.writeString(dir.resolve("rabbitmq-netns.yaml"), text);
        assertEquals(ExitCode.BAD_INPUT, validate(driver));
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains(driver + ": field 'localBrokerNetwork' = 'namespaces': a local rabbitmq broker starts its"
                + " nodes on 127.0.0.1 only (network namespaces: kafka, nats, pulsar, redis)"), message);
    }

    @Test
    void aMisspelledDriverKeyIsBadInputNamingTheUsersFile() throws Exception {
        String text = Files.readString(HOME.resolve("driver-kafka/kafka-local.yaml")).replace("replicationFactor:", "replicationFactr:");
        Path driver = Files.writeString(dir.resolve("my-kafka.yaml"), text);
        assertEquals(ExitCode.BAD_INPUT, validate(driver));
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains(driver.toString()) && message.contains("replicationFactr"), message);
    }
}
