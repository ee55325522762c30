package io.openmessaging.benchmark.driver.pulsar.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.openmessaging.benchmark.driver.pulsar.config.ClientConfig.TopicType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pulsar.client.api.SubscriptionType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PulsarDriverConfigTest {

    private static final String MINIMAL = """
            name: Pulsar
            driverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver
            localBroker: pulsar
            client:
              serviceUrl: pulsar://127.0.0.1:6650
              httpUrl: http://127.0.0.1:8080
            """;

    @TempDir
    Path dir;

    @Test
    void absentKeysTakeOmbDefaults() throws IOException {
        PulsarDriverConfig config = read(MINIMAL);

        assertEquals("pulsar://127.0.0.1:6650", config.client().serviceUrl());
        assertEquals(8, config.client().ioThreads());
        assertEquals(8, config.client().connectionsPerBroker());
        assertEquals(256, config.client().clientMemoryLimitMB());
        assertEquals(1000, config.client().maxConcurrentLookupRequests());
        assertEquals("public/benchmark", config.client().namespacePrefix());
        assertEquals("public", config.client().tenant());
        assertNull(config.client().clusterName());
        assertEquals(TopicType.PERSISTENT, config.client().topicType());
        assertEquals(new ClientConfig.Persistence(3, 3, 2, false), config.client().persistence());
        assertFalse(config.client().authentication().enabled());
        assertEquals(new ProducerConfig(true, 1, 1024 * 1024, true, 0), config.producer());
        assertEquals(new ConsumerConfig(10_000, SubscriptionType.Failover), config.consumer());
    }

    @Test
    void everyKeyIsRead() throws IOException {
        PulsarDriverConfig config = read("""
                client:
                  serviceUrl: pulsar+ssl://broker:6651
                  httpUrl: https://broker:8443
                  ioThreads: 2
                  connectionsPerBroker: 3
                  clientMemoryLimitMB: 64
                  maxConcurrentLookupRequests: 50
                  namespacePrefix: bench/ns
                  clusterName: east
                  topicType: non-persistent
                  persistence:
                    ensembleSize: 2
                    writeQuorum: 2
                    ackQuorum: 1
                    deduplicationEnabled: true
                  tlsAllowInsecureConnection: true
                  tlsEnableHostnameVerification: true
                  tlsTrustCertsFilePath: /etc/ca.pem
                  authentication:
                    plugin: org.apache.pulsar.client.impl.auth.AuthenticationToken
                    data: "token:abc"
                producer:
                  batchingEnabled: false
                  batchingMaxPublishDelayMs: 5
                  batchingMaxBytes: 65536
                  blockIfQueueFull: false
                  pendingQueueSize: 1000
                consumer:
                  receiverQueueSize: 500
                  subscriptionType: Key_Shared
                """);

        ClientConfig client = config.client();
        assertEquals(new ClientConfig("pulsar+ssl://broker:6651", "https://broker:8443", 2, 3, 64, 50, "bench/ns", "east",
                TopicType.NON_PERSISTENT, new ClientConfig.Persistence(2, 2, 1, true), true, true, "/etc/ca.pem",
                new ClientConfig.Authentication("org.apache.pulsar.client.impl.auth.AuthenticationToken", "token:abc")),
                client);
        assertEquals("bench", client.tenant());
        assertEquals(new ProducerConfig(false, 5, 65536, false, 1000), config.producer());
        assertEquals(new ConsumerConfig(500, SubscriptionType.Key_Shared), config.consumer());
    }

    @Test
    void unknownSubscriptionTypeIsOneLineListingTheValidOnes() {
        IllegalArgumentException e = failure(MINIMAL + "consumer:\n  subscriptionType: Round_Robin\n");

        assertOneLine(e);
        assertTrue(e.getMessage().contains("field 'consumer.subscriptionType' = 'Round_Robin'"), e.getMessage());
        assertTrue(e.getMessage().contains("must be one of Exclusive, Shared, Failover, Key_Shared"), e.getMessage());
    }

    @Test
    void unknownTopicTypeIsOneLineListingTheValidOnes() {
        IllegalArgumentException e = failure(MINIMAL + "  topicType: transient\n");

        assertOneLine(e);
        assertTrue(e.getMessage().contains("field 'client.topicType' = 'transient'"), e.getMessage());
        assertTrue(e.getMessage().contains("must be one of persistent, non-persistent"), e.getMessage());
    }

    @Test
    void unknownKeysAreRejectedAtEveryLevelWithFileKeyAndValue() {
        IllegalArgumentException top = failure(MINIMAL + "driverClas: x.Y\n");
        assertOneLine(top);
        assertTrue(top.getMessage().startsWith(dir.resolve("driver.yaml") + ": field 'driverClas' = 'x.Y': unknown key"),
                top.getMessage());

        IllegalArgumentException nested = failure(MINIMAL + "  persistence:\n    ensembelSize: 1\n");
        assertOneLine(nested);
        assertTrue(nested.getMessage().contains("field 'client.persistence.ensembelSize' = 1: unknown key"),
                nested.getMessage());

        IllegalArgumentException producer = failure(MINIMAL + "producer:\n  batchingMaxDelayMs: 1\n");
        assertTrue(producer.getMessage().contains("field 'producer.batchingMaxDelayMs' = 1: unknown key"),
                producer.getMessage());
    }

    @Test
    void badValuesNameTheFieldAndTheValue() {
        assertTrue(failure(MINIMAL + "  ioThreads: many\n").getMessage()
                .contains("field 'client.ioThreads' = 'many': expected a whole number, found text"));
        assertTrue(failure(MINIMAL + "  ioThreads: 0\n").getMessage()
                .contains("field 'client.ioThreads' = 0: must be at least 1"));
        assertTrue(failure(MINIMAL + "producer:\n  batchingEnabled: yes please\n").getMessage()
                .contains("field 'producer.batchingEnabled' = 'yes please': expected true or false, found text"));
        assertTrue(failure(MINIMAL + "  persistence:\n    ensembleSize: 1\n    writeQuorum: 2\n").getMessage()
                .contains("field 'client.persistence.writeQuorum' = 2: must not exceed ensembleSize 1"));
        assertTrue(failure(MINIMAL + "  namespacePrefix: justonepart\n").getMessage()
                .contains("field 'client.namespacePrefix' = 'justonepart': must be <tenant>/<namespace name prefix>"));
        assertTrue(failure("client:\n  httpUrl: http://127.0.0.1:8080\n").getMessage()
                .endsWith(": missing required field 'client.serviceUrl'"));
        assertTrue(failure("client:\n  serviceUrl: http://127.0.0.1:6650\n  httpUrl: http://127.0.0.1:8080\n").getMessage()
                .contains("must start with pulsar:// or pulsar+ssl://"));
        assertTrue(failure("client: 42\n").getMessage().contains("field 'client' = 42: expected a mapping, found a whole number"));
    }

    @Test
    void malformedOrEmptyFilesAreOneLineErrors() {
        IllegalArgumentException malformed = failure("client: [unclosed\n");
        assertOneLine(malformed);
        assertTrue(malformed.getMessage().contains("malformed YAML at line 2"), malformed.getMessage());

        IllegalArgumentException empty = failure("");
        assertOneLine(empty);
        assertTrue(empty.getMessage().endsWith(": file is empty"), empty.getMessage());
    }

    @Test
    void everyShippedDriverFileIsValid() throws IOException {
        // tests run in the module directory, where the driver files live
        Path module = Path.of("").toAbsolutePath();
        List<Path> files;
        try (Stream<Path> list = Files.list(module)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
        }
        assertEquals(8, files.size(), files.toString());
        for (Path file : files) {
            // the framework fills in ${localBroker.*} before the driver reads the file
            String text = Files.readString(file)
                    .replace("${localBroker.serviceUrl}", "pulsar://127.0.0.1:6650")
                    .replace("${localBroker.httpUrl}", "http://127.0.0.1:8080");
            PulsarDriverConfig config = read(text);
            assertEquals("public/benchmark", config.client().namespacePrefix(), file.toString());
            String name = file.getFileName().toString();
            if (name.startsWith("pulsar-cluster-ack-quorum-")) {
                // the cluster files: every entry on all 3 bookies, acknowledged by as many as the name says
                ClientConfig.Persistence persistence = config.client().persistence();
                assertEquals(3, persistence.ensembleSize(), name);
                assertEquals(3, persistence.writeQuorum(), name);
                assertTrue(name.matches("pulsar-cluster-ack-quorum-" + persistence.ackQuorum() + "(-netns)?\\.yaml"), name);
            }
        }
    }

    private PulsarDriverConfig read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, yaml);
        return PulsarDriverConfig.read(file);
    }

    private IllegalArgumentException failure(String yaml) {
        return assertThrows(IllegalArgumentException.class, () -> read(yaml));
    }

    private static void assertOneLine(Exception e) {
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
