package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadLoaderTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml);
        return file;
    }

    private Workload read(String yaml) throws IOException {
        return new WorkloadLoader(Map.of(), dir, HOME).read(write("w.yaml", yaml));
    }

    @Test
    void everyShippedWorkloadLoads() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(HOME.resolve("workloads"))) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 40, "workloads/ has only " + files.size() + " files");
        // from an unrelated working directory, so payload files must resolve through the project home
        WorkloadLoader loader = new WorkloadLoader(Map.of(), dir, HOME);
        for (Path file : files) {
            Workload w = loader.read(file);
            assertTrue(w.ignoredKeys().isEmpty(), file + " uses keys we ignore: " + w.ignoredKeys());
            if (!w.useRandomizedPayloads()) {
                assertEquals(w.messageSize(), Files.size(w.payloadPath()), file.toString());
            }
        }
    }

    @Test
    void shippedQuickWorkloadsHaveTheAdvertisedShape() {
        Workload quick = new WorkloadLoader(Map.of(), dir, HOME).read(HOME.resolve("workloads/1-topic-1kb.yaml"));
        assertEquals(Duration.ofSeconds(10), quick.warmupDuration());
        assertEquals(Duration.ofSeconds(50), quick.testDuration());
        assertEquals(5000.0, quick.producerRate());
        assertEquals(HOME.resolve("payload/payload-1Kb.data"), quick.payloadPath());
        Workload smoke = new WorkloadLoader(Map.of(), dir, HOME).read(HOME.resolve("workloads/1-topic-1kb-smoke.yaml"));
        assertEquals(Duration.ofSeconds(1), smoke.warmupDuration());
        assertEquals(Duration.ofSeconds(5), smoke.testDuration());
        assertEquals(Duration.ofSeconds(1), smoke.reportingInterval());
    }

    @Test
    void testMessagesAreSplitExactlyOverProducersAndReplaceTheDurations() throws IOException {
        Path file = dir.resolve("counted.yaml");
        Files.writeString(file, """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                useRandomizedPayloads: true
                randomizedPayloadPoolSize: 1
                producersPerTopic: 3
                testDurationMinutes: 15
                warmupDurationMinutes: 5
                """);
        WorkloadLoader loader = new WorkloadLoader(Map.of(), dir, HOME);
        assertFalse(loader.read(file).isCountBounded());
        assertEquals(Long.MAX_VALUE, loader.read(file).messagesOf(0));

        Workload counted = loader.read(file, Map.of("testMessages", 1001L));
        assertTrue(counted.isCountBounded());
        assertEquals(List.of(334L, 334L, 333L), List.of(counted.messagesOf(0), counted.messagesOf(1), counted.messagesOf(2)));
        assertEquals(Duration.ZERO, counted.warmupDuration());
        assertEquals(Duration.ZERO, counted.testDuration());
        assertEquals(Duration.ofSeconds(10), counted.reportingInterval());

        ConfigException zero = assertThrows(ConfigException.class, () -> loader.read(file, Map.of("testMessages", 0L)));
        assertTrue(zero.getMessage().contains("'testMessages'") && zero.getMessage().contains("= 0"), zero.getMessage());
    }

    @Test
    void defaultsAreOmbs() throws IOException {
        Workload w = read("""
                topics: 2
                partitionsPerTopic: 3
                messageSize: 100
                payloadFile: payload/payload-100b.data
                producersPerTopic: 1
                testDurationMinutes: 15
                """);
        assertEquals("w", w.name(), "name defaults to the file name");
        assertEquals(KeyDistributorType.NO_KEY, w.keyDistributor());
        assertEquals(0.0, w.producerRate());
        assertTrue(w.searchesMaxRate());
        assertEquals(Duration.ofSeconds(10), w.rateSearchWindow(), "the shorter of 10 s and the reporting interval");
        assertEquals(null, w.maxOutstandingPerProducer());
        assertEquals(0, w.subscriptionsPerTopic());
        assertEquals(0, w.consumerPerSubscription());
        assertEquals(0, w.consumerBacklogSizeGB());
        assertEquals(1.0, w.backlogDrainRatio());
        assertFalse(w.useRandomizedPayloads());
        assertEquals(Duration.ofMinutes(1), w.warmupDuration(), "OMB's warm-up default is 1 minute");
        assertEquals(Duration.ofMinutes(15), w.testDuration());
        assertEquals(Duration.ofSeconds(10), w.reportingInterval());
        assertEquals(2, w.totalProducers());
    }

    @Test
    void everyFieldIsRead() throws IOException {
        Workload w = read("""
                name: all fields
                topics: 3
                partitionsPerTopic: 4
                keyDistributor: RANDOM_NANO
                messageSize: 64
                useRandomizedPayloads: true
                randomBytesRatio: 0.25
                randomizedPayloadPoolSize: 7
                subscriptionsPerTopic: 2
                consumerPerSubscription: 3
                producersPerTopic: 5
                producerRate: 1234.5
                consumerBacklogSizeGB: 2
                backlogDrainRatio: 0.9
                testDurationMinutes: 2
                warmupDurationMinutes: 0
                reportingIntervalSeconds: 5
                """);
        assertEquals("all fields", w.name());
        assertEquals(KeyDistributorType.RANDOM_NANO, w.keyDistributor());
        assertEquals(0.25, w.randomBytesRatio());
        assertEquals(7, w.randomizedPayloadPoolSize());
        assertNull(w.payloadPath());
        assertEquals(1234.5, w.producerRate());
        assertEquals(2, w.consumerBacklogSizeGB());
        assertEquals(0.9, w.backlogDrainRatio());
        assertEquals(Duration.ZERO, w.warmupDuration());
        assertEquals(Duration.ofMinutes(2), w.testDuration());
        assertEquals(Duration.ofSeconds(5), w.reportingInterval());
        assertEquals(18, w.totalConsumers());
    }

    @Test
    void secondFormsOfDurations() throws IOException {
        Workload w = read("""
                topics: 1
                partitionsPerTopic: 1
                messageSize: 8
                useRandomizedPayloads: true
                randomizedPayloadPoolSize: 1
                producersPerTopic: 1
                warmupDurationSeconds: 0
                testDurationSeconds: 7
                """);
        assertEquals(Duration.ZERO, w.warmupDuration(), "0 s warm-up means none, not OMB's default minute");
        assertEquals(Duration.ofSeconds(7), w.testDuration());
        assertEquals(Duration.ofSeconds(7), w.reportingInterval(), "default interval shrinks to a short test");
        assertEquals(7, w.testDurationSeconds());
        assertNull(w.testDurationMinutes(), "the form not given stays absent");
    }

    @Test
    void bothWarmupFormsAreAnError() {
        ConfigException e = assertThrows(ConfigException.class, () -> read("""
                topics: 1
                partitionsPerTopic: 1
                messageSize: 8
                useRandomizedPayloads: true
                randomizedPayloadPoolSize: 1
                producersPerTopic: 1
                testDurationSeconds: 7
                warmupDurationMinutes: 1
                warmupDurationSeconds: 5
                """));
        assertTrue(e.getMessage().contains("field 'warmupDurationSeconds' = 5: give either 'warmupDurationMinutes'"),
                e.getMessage());
    }

    @Test
    void payloadResolvesFromTheWorkingDirectoryFirstThenTheHome() throws IOException {
        String yaml = """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                payloadFile: payload/payload-100b.data
                producersPerTopic: 1
                testDurationMinutes: 1
                """;
        Path file = write("w.yaml", yaml);
        // elsewhere: found under the project home
        assertEquals(HOME.resolve("payload/payload-100b.data"),
                new WorkloadLoader(Map.of(), dir, HOME).read(file).payloadPath());
        // a file of the same name in the working directory wins
        Files.createDirectories(dir.resolve("payload"));
        Files.write(dir.resolve("payload/payload-100b.data"), new byte[100]);
        assertEquals(dir.resolve("payload/payload-100b.data"),
                new WorkloadLoader(Map.of(), dir, HOME).read(file).payloadPath());
        // absolute paths are taken as they are
        Path absolute = HOME.resolve("payload/payload-100b.data");
        Path abs = write("abs.yaml", yaml.replace("payload/payload-100b.data", absolute.toString()));
        assertEquals(absolute, new WorkloadLoader(Map.of(), dir, HOME).read(abs).payloadPath());
    }

    @Test
    void payloadNotFoundWithoutHomeSaysWhereItLooked() throws IOException {
        Path file = write("w.yaml", """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                payloadFile: payload/payload-100b.data
                producersPerTopic: 1
                testDurationMinutes: 1
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> new WorkloadLoader(Map.of(), dir, null).read(file));
        assertTrue(e.getMessage().contains(dir.resolve("payload/payload-100b.data").toString()), e.getMessage());
        assertTrue(e.getMessage().contains("benchmark.home"), e.getMessage());
    }

    @Test
    void payloadFileThatIsADirectoryIsOneLineNamingWorkloadFieldAndValue() throws IOException {
        Path directory = Files.createDirectories(dir.resolve("payloads"));
        Path file = write("w.yaml", """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                payloadFile: payloads
                producersPerTopic: 1
                testDurationMinutes: 1
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> new WorkloadLoader(Map.of(), dir, null).read(file));
        assertEquals(file + ": field 'payloadFile' = 'payloads': " + directory + " is a directory, not a file", e.getMessage());
    }

    @Test
    void ombEnvironmentPlaceholdersAndVariantKeysAreTolerated() throws IOException {
        String yaml = """
                topics: 10
                partitionsPerTopic: 3
                messageSize: 1024
                #payloadFile: "payload/payload-100b.data"
                useRandomizedPayloads: true
                randomBytesRatio: 0.5
                randomizedPayloadPoolSize: 1000
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 100000
                producerStartRate: 5000
                producerIncrementRate: 5000
                producerIncrementSeconds: 60
                acceptableBacklog: 150000
                testDurationMinutes: ${ombTestDuration:-15}
                """;
        Path file = write("omb.yaml", yaml);
        Workload byDefault = new WorkloadLoader(Map.of(), dir, HOME).read(file);
        assertEquals(Duration.ofMinutes(15), byDefault.testDuration());
        assertEquals(Map.of("acceptableBacklog", "150000"), byDefault.ignoredKeys());
        // the OMB forks' ramp: one phase per minute, 5,000 msg/s more each time (producerRate is never reached)
        assertEquals(15, byDefault.ratePhases().size());
        assertEquals(RatePhase.constant("step 15: 75,000 msg/s", 60, 75_000), byDefault.ratePhases().get(14));
        assertFalse(byDefault.searchesMaxRate());
        Workload fromEnv = new WorkloadLoader(Map.of("ombTestDuration", "2"), dir, HOME).read(file);
        assertEquals(Duration.ofMinutes(2), fromEnv.testDuration());
        assertEquals(List.of(RatePhase.constant("step 1: 5,000 msg/s", 60, 5_000),
                RatePhase.constant("step 2: 10,000 msg/s", 60, 10_000)), fromEnv.ratePhases());
    }

    @Test
    void serializedItReadsBackAsTheSameWorkload() throws IOException {
        Workload w = read("""
                name: round trip
                topics: 2
                partitionsPerTopic: 3
                keyDistributor: KEY_ROUND_ROBIN
                messageSize: 100
                payloadFile: payload/payload-100b.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producersPerTopic: 1
                producerRate: 10.5
                warmupDurationSeconds: 3
                testDurationSeconds: 20
                reportingIntervalSeconds: 2
                """);
        String yaml = new com.fasterxml.jackson.databind.ObjectMapper(
                new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).writeValueAsString(w);
        assertFalse(yaml.contains("payloadLocator") || yaml.contains("ignoredKeys") || yaml.contains("maxRate"), yaml);
        assertEquals(w, new WorkloadLoader(Map.of(), dir, HOME).read(write("again.yaml", yaml)));
    }

    @Test
    void yamlTrueIsABoolean() throws IOException {
        Workload w = read("""
                topics: 1
                partitionsPerTopic: 1
                messageSize: 8
                useRandomizedPayloads: True
                randomizedPayloadPoolSize: 1
                producersPerTopic: 1
                testDurationSeconds: 1
                """);
        assertTrue(w.useRandomizedPayloads());
    }
}
