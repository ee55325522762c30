package io.openmessaging.benchmark.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaDriverConfigTest {

    @TempDir
    Path dir;

    @Test
    void readsOmbKeysAndMergesClientProperties() throws IOException {
        KafkaDriverConfig config = KafkaDriverConfig.read(write("""
                name: Kafka
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                localBroker: kafka
                replicationFactor: 3
                reset: true
                topicConfig: |
                  min.insync.replicas=2
                commonConfig: |
                  bootstrap.servers=10.0.0.1:9092 \s
                  request.timeout.ms=1000
                producerConfig: |
                  acks=all
                  request.timeout.ms=2000
                consumerConfig: |
                  auto.offset.reset=latest
                """));
        assertEquals(Optional.of((short) 3), config.topicReplicationFactor());
        assertTrue(config.reset());
        assertEquals(Map.of("min.insync.replicas", "2"), config.topicSettings());
        assertEquals("10.0.0.1:9092", config.bootstrapServers());
        assertEquals("2000", config.producerProperties().getProperty("request.timeout.ms"));
        assertEquals("all", config.producerProperties().getProperty("acks"));
        assertEquals("1000", config.consumerProperties().getProperty("request.timeout.ms"));
        assertEquals("latest", config.consumerProperties().getProperty("auto.offset.reset"));
        assertEquals(null, config.consumerProperties().getProperty("acks"));
    }

    @Test
    void optionalKeysDefaultToBrokerReplicationFactorAndNoReset() throws IOException {
        KafkaDriverConfig config = KafkaDriverConfig.read(write("commonConfig: bootstrap.servers=h:1\n"));
        assertEquals(Optional.empty(), config.topicReplicationFactor());
        assertFalse(config.reset());
        assertTrue(config.topicSettings().isEmpty());
    }

    @Test
    void unknownTopLevelKeyIsAOneLineErrorNamingFileKeyAndValue() throws IOException {
        Path file = write("commonConfig: bootstrap.servers=h:1\nreplicatonFactor: 3\n");
        String message = error(file);
        assertEquals(file + ": field 'replicatonFactor' = 3: unknown key (did you mean 'replicationFactor'?)", message);
    }

    @Test
    void badValuesAreOneLineErrorsNamingTheField() throws IOException {
        assertEquals(error(write("commonConfig: bootstrap.servers=h:1\nreplicationFactor: 0\n")).contains(
                "field 'replicationFactor' = 0: must be between 1 and 32767"), true);
        assertTrue(error(write("commonConfig: bootstrap.servers=h:1\nreplicationFactor: three\n"))
                .contains("field 'replicationFactor' = 'three': expected a whole number, found text"));
        assertTrue(error(write("commonConfig: bootstrap.servers=h:1\nreplicationFactor: 40000\n"))
                .contains("field 'replicationFactor' = 40000: must be between 1 and 32767"));
        assertTrue(error(write("commonConfig: bootstrap.servers=h:1\nreset: yes please\n"))
                .contains("field 'reset' = 'yes please': expected true or false, found text"));
        assertTrue(error(write("commonConfig: bootstrap.servers=h:1\nproducerConfig:\n  acks: all\n"))
                .endsWith("field 'producerConfig' = {\"acks\":\"all\"}: expected a text block of Java properties "
                        + "(key=value lines, use '|'), found a mapping"));
        assertTrue(error(write("commonConfig: 'bootstrap.servers=h:1\\na=\\u12'\n"))
                .endsWith("field 'commonConfig' = 'bootstrap.servers=h:1\\na=\\u12': not valid Java properties: "
                        + "Malformed \\uxxxx encoding."));
        assertTrue(error(write("commonConfig: |\n  request.timeout.ms=1\n"))
                .contains("field 'commonConfig' = 'request.timeout.ms=1\\n': must set bootstrap.servers"));
        assertTrue(error(write("commonConfig: [unclosed\n")).contains(": malformed YAML at line 2"));
        assertTrue(error(write("")).endsWith(": file is empty"));
    }

    @Test
    void extraKeysOfDerivedDriversAreAcceptedOnlyWhenAskedFor() throws IOException {
        Path file = write("commonConfig: bootstrap.servers=h:1\nadminUrl: http://127.0.0.1:9644\n");
        assertTrue(error(file).contains("field 'adminUrl'"));
        record Extension(String adminUrl) {
        }
        AtomicReference<Extension> extension = new AtomicReference<>();
        KafkaDriverConfig config = KafkaDriverConfig.read(file, document -> extension.set(document.take(Extension.class)));
        assertEquals("http://127.0.0.1:9644", extension.get().adminUrl());
        assertEquals("h:1", config.bootstrapServers());
    }

    @Test
    void everyShippedDriverFileLoads() throws IOException {
        List<Path> shipped;
        try (Stream<Path> files = Files.list(Path.of("."))) {
            shipped = files.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(shipped.size() >= 10, "shipped driver files: " + shipped);
        for (Path file : shipped) {
            // the driver's own keys (transactions, share groups) beside OMB's
            KafkaDriverConfig config = KafkaDriverConfig.read(file, document -> {
                document.take(TransactionSettings.class);
                document.take(ConsumerGroupSettings.class);
            });
            assertTrue(config.reset(), file + " should reset leftover topics");
            assertTrue(Files.readString(file).startsWith("# "), file + " should start with a comment header");
        }
    }

    private String error(Path file) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KafkaDriverConfig.read(file));
        assertFalse(e.getMessage().contains("\n"), "not one line: " + e.getMessage());
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        return e.getMessage();
    }

    private int count;

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("driver-" + (++count) + ".yaml"), yaml);
    }
}
