package io.brokerbench.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.apache.bookkeeper.stats.StatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim "a driver jar built against OMB's driver API loads and runs here unchanged", tested the
 * way a user meets it: compat/omb-style-driver is compiled against the driver API alone, packed into
 * a jar in a driver folder ext/omb-style/ together with its dependencies as copying them leaves
 * them: the BookKeeper stats API and an older copy of OMB's driver API
 * (compat/omb-style-driver/older-driver-api), which the harness must not let replace its own. The
 * benchmark's command line then runs in a fresh JVM on the benchmark's own classpath, as
 * bin/benchmark starts it, with that ext/ directory.
 */
class OmbStyleDriverJarIT {

    private static final String DRIVER_CLASS = "org.example.ombdriver.LoopbackBenchmarkDriver";
    /** Guards against a hung child JVM only; a healthy run takes a few seconds. */
    private static final long RUN_LIMIT_SECONDS = 300;

    @TempDir
    Path work;

    @Test
    void driverJarFromExtRunsAWorkloadWithEveryMessageDeliveredOnce() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> Class.forName(DRIVER_CLASS),
                "the driver must come from the jar under test, not from this module's classpath");
        Path fixture = Path.of(System.getProperty("omb.style.driver.dir"));
        Path ext = work.resolve("ext");
        Path folder = Files.createDirectories(ext.resolve("omb-style"));
        Path jar = DriverJar.build(fixture.resolve("src/main/java"),
                List.of(locationOf(BenchmarkDriver.class), locationOf(StatsLogger.class)), work,
                folder.resolve("omb-style-driver-1.0.jar"));
        DriverJar.build(fixture.resolve("older-driver-api"), List.of(locationOf(StatsLogger.class)), work,
                folder.resolve("driver-api-0.0.1.jar"));
        Files.copy(locationOf(StatsLogger.class), folder.resolve(locationOf(StatsLogger.class).getFileName()));
        try (JarFile built = new JarFile(jar.toFile())) {
            assertTrue(built.stream().noneMatch(e -> e.getName().startsWith("io/")),
                    "the API is provided by the harness, so it must not be in the driver jar");
        }
        Path driverYaml = Files.copy(fixture.resolve("loopback.yaml"), work.resolve("loopback.yaml"));
        Path workload = Files.writeString(work.resolve("tiny.yaml"), String.join("\n",
                "name: omb-style driver jar",
                "topics: 2",
                "partitionsPerTopic: 1",
                "messageSize: 256",
                "useRandomizedPayloads: true",
                "randomBytesRatio: 0.5",
                "randomizedPayloadPoolSize: 16",
                "subscriptionsPerTopic: 2",
                "consumerPerSubscription: 2",
                "producersPerTopic: 2",
                "producerRate: 400",
                "consumerBacklogSizeGB: 0",
                "warmupDurationSeconds: 1",
                "testDurationSeconds: 3",
                "reportingIntervalSeconds: 1",
                ""));
        Path result = work.resolve("result.json");

        Path log = work.resolve("benchmark.log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-Dbenchmark.home=" + System.getProperty("benchmark.home"), "-Dbenchmark.ext=" + ext,
                "-cp", benchmarkRuntimeClasspath(),
                "io.brokerbench.cli.Main", "--drivers", driverYaml.toString(), "-o", result.toString(),
                workload.toString()));
        Process benchmark = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!benchmark.waitFor(RUN_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            benchmark.destroyForcibly().waitFor();
            throw new AssertionError("benchmark did not finish within " + RUN_LIMIT_SECONDS + " s:\n" + output(log));
        }
        assertEquals(0, benchmark.exitValue(), "exit code; output:\n" + output(log));

        JsonNode json = new ObjectMapper().readTree(result.toFile());
        assertEquals(DRIVER_CLASS, json.path("driverClass").asText());
        assertEquals("OmbStyleLoopback", json.path("driver").asText());
        assertTrue(json.path("complete").asBoolean(), "run complete");
        assertTrue(json.path("measured").path("publishRate").asDouble() > 0, "publish rate: " + json.path("measured"));
        assertTrue(json.path("measured").path("consumeRate").asDouble() > 0, "consume rate: " + json.path("measured"));
        assertTrue(json.path("publishRate").size() > 0, "per-interval publish rates: " + json.path("publishRate"));
        JsonNode messages = json.path("messages");
        assertTrue(messages.path("verified").asBoolean(), "delivery verified: " + messages);
        assertTrue(messages.path("received").asLong() > 0, "messages received: " + messages);
        assertEquals(0, messages.path("lost").asLong(), "lost: " + messages);
        assertEquals(0, messages.path("duplicated").asLong(), "duplicated: " + messages);
        assertEquals(0, messages.path("reordered").asLong(), "reordered: " + messages);
        // 2 topics x 2 subscriptions, each judged on its own
        assertEquals(4, messages.path("subscriptions").size(), "subscriptions: " + messages);

        // the counter the driver keeps through the StatsLogger it is handed lands in every interval
        for (JsonNode interval : json.path("intervals")) {
            JsonNode stats = interval.path("driverStats");
            assertTrue(stats.path("loopback.messages_published.perSecond").asDouble() > 0, "driver stats: " + stats);
        }
        JsonNode intervals = json.path("intervals");
        long counted = intervals.path(intervals.size() - 1).path("driverStats").path("loopback.messages_published.count")
                .asLong();
        assertTrue(counted >= json.path("measured").path("messagesSent").asLong(),
                "the driver counted every message it published: " + counted + " vs " + json.path("measured"));
    }

    private static Path locationOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static String benchmarkRuntimeClasspath() throws IOException {
        String file = System.getProperty("benchmark.classpath.file");
        return Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
    }

    private static String output(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no output)";
    }
}
