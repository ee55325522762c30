package io.brokerbench.config;

import static io.brokerbench.testing.SourceJar.locationOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.brokerbench.testing.RecordingCallback;
import io.brokerbench.testing.SourceJar;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * Driver folders in ext/ as a user fills them from an OMB driver's dependency list: the driver jar,
 * its client library, and copies of jars the project has too (an older OMB driver API, slf4j, a
 * library the project also uses). The jars are compiled here, so each copy differs from the
 * project's in a way that breaks the driver if the wrong one is loaded.
 */
class ExtDriverFolderTest {

    private static final String DRIVER = "org.example.folder.FolderDriver";

    /** OMB's driver API as an older release had it: a BenchmarkDriver without most of today's methods. */
    private static final Map<String, String> OLDER_DRIVER_API = Map.of("io.openmessaging.benchmark.driver.BenchmarkDriver", """
            package io.openmessaging.benchmark.driver;
            public interface BenchmarkDriver extends AutoCloseable {
                String getTopicNamePrefix();
            }
            """);

    /** An slf4j whose LoggerFactory has no getLogger: a driver that got this one would fail to link. */
    private static final Map<String, String> OTHER_SLF4J = Map.of("org.slf4j.LoggerFactory", """
            package org.slf4j;
            public final class LoggerFactory {
                private LoggerFactory() {
                }
                public static String binding() {
                    return "the driver folder's";
                }
            }
            """);

    /**
     * The driver's client library, which loads the classes its configuration names through the
     * thread's context class loader as client libraries do (Kafka's serializers), and its own version
     * of a library the project also has (picocli): the driver calls a method only its version has.
     */
    private static final Map<String, String> CLIENT_LIBRARY = Map.of(
            "org.example.wire.Wire", """
            package org.example.wire;
            public final class Wire {
                public String name() {
                    return "wire";
                }
                public static Object configured(String className) throws ReflectiveOperationException {
                    return Class.forName(className, true, Thread.currentThread().getContextClassLoader())
                            .getConstructor().newInstance();
                }
            }
            """,
            "picocli.CommandLine", """
            package picocli;
            public final class CommandLine {
                public static String origin() {
                    return "folder";
                }
            }
            """);

    /**
     * A loop-back driver that logs through slf4j, counts through the stats logger, and uses its
     * library, which loads a configured class in initialize and createProducer.
     */
    private static final Map<String, String> DRIVER_SOURCE = Map.of(DRIVER, """
            package org.example.folder;

            import io.openmessaging.benchmark.driver.BenchmarkConsumer;
            import io.openmessaging.benchmark.driver.BenchmarkDriver;
            import io.openmessaging.benchmark.driver.BenchmarkProducer;
            import io.openmessaging.benchmark.driver.ConsumerCallback;
            import java.io.File;
            import java.io.IOException;
            import java.util.Map;
            import java.util.Optional;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.ConcurrentHashMap;
            import org.apache.bookkeeper.stats.StatsLogger;
            import org.example.wire.Wire;
            import org.slf4j.Logger;
            import org.slf4j.LoggerFactory;

            public class FolderDriver implements BenchmarkDriver {
                private static final Logger LOG = LoggerFactory.getLogger(FolderDriver.class);
                private final Wire wire = new Wire();
                private final Map<String, ConsumerCallback> consumers = new ConcurrentHashMap<>();

                public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
                    try {
                        Wire.configured("org.example.wire.Wire");
                    } catch (ReflectiveOperationException e) {
                        throw new IOException("client configuration: " + e, e);
                    }
                    statsLogger.scope("folder").getCounter("initialized").inc();
                    LOG.debug("initialized from {}", configurationFile);
                }

                public String getTopicNamePrefix() {
                    return wire.name() + "-" + picocli.CommandLine.origin();
                }

                public CompletableFuture<Void> createTopic(String topic, int partitions) {
                    return CompletableFuture.completedFuture(null);
                }

                public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
                    try {
                        Wire.configured("org.example.wire.Wire");
                    } catch (ReflectiveOperationException e) {
                        return CompletableFuture.failedFuture(e);
                    }
                    return CompletableFuture.completedFuture(new BenchmarkProducer() {
                        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
                            consumers.get(topic).messageReceived(payload, System.currentTimeMillis());
                            return CompletableFuture.completedFuture(null);
                        }

                        public void close() {
                        }
                    });
                }

                public CompletableFuture<BenchmarkConsumer> createConsumer(
                        String topic, String subscriptionName, ConsumerCallback consumerCallback) {
                    consumers.put(topic, consumerCallback);
                    return CompletableFuture.completedFuture(() -> consumers.remove(topic));
                }

                public void close() {
                }
            }
            """);

    @TempDir
    Path dir;

    @Test
    void aDriverFolderKeepsItsOwnLibrariesButTakesTheDriverApiLoggingAndStatsFromTheProject() throws Exception {
        Path ext = dir.resolve("ext");
        Path folder = driverFolder(ext.resolve("folder-driver"), true);
        SourceJar.build(folder.resolve("driver-api-0.0.1.jar"), OLDER_DRIVER_API, List.of());
        SourceJar.build(folder.resolve("slf4j-api-1.7.30.jar"), OTHER_SLF4J, List.of());

        ExtDirectory scanned = scan(ext);
        Class<? extends BenchmarkDriver> type = DriverClassResolver.resolve(DRIVER, "folder.yaml", scanned);

        ClassLoader loader = type.getClassLoader();
        assertInstanceOf(DriverFolderClassLoader.class, loader);
        assertSame(BenchmarkDriver.class, loader.loadClass(BenchmarkDriver.class.getName()), "driver API");
        assertSame(BenchmarkProducer.class, loader.loadClass(BenchmarkProducer.class.getName()), "driver API");
        assertSame(LoggerFactory.class, loader.loadClass(LoggerFactory.class.getName()), "slf4j");
        assertSame(StatsLogger.class, loader.loadClass(StatsLogger.class.getName()), "stats API");
        assertSame(DriverClassResolver.class, loader.loadClass(DriverClassResolver.class.getName()), "framework");
        assertNotSame(CommandLine.class, loader.loadClass(CommandLine.class.getName()),
                "a library the folder has is the folder's version, not the project's");

        ClassLoader callers = Thread.currentThread().getContextClassLoader();
        BenchmarkDriver driver = DriverClassResolver.instantiate(DRIVER, "folder.yaml", scanned);
        driver.initialize(dir.resolve("folder.yaml").toFile(), NullStatsLogger.INSTANCE);
        assertEquals("wire-folder", driver.getTopicNamePrefix());
        driver.createTopic("t", 1).join();
        RecordingCallback received = new RecordingCallback();
        BenchmarkConsumer consumer = driver.createConsumer("t", "s", received).join();
        BenchmarkProducer producer = driver.createProducer("t").join();
        producer.sendAsync(Optional.empty(), new byte[] {1, 2, 3}).join();
        assertEquals(1, received.count());
        assertArrayEquals(new byte[] {1, 2, 3}, received.payloads().get(0));
        producer.close();
        consumer.close();
        driver.close();
        assertSame(callers, Thread.currentThread().getContextClassLoader(), "the caller's context class loader, restored");
    }

    @Test
    void jarsDirectlyInExtShareOneLoaderOfTheSameKind() throws Exception {
        Path ext = driverFolder(dir.resolve("ext"), true);
        SourceJar.build(ext.resolve("driver-api-0.0.1.jar"), OLDER_DRIVER_API, List.of());

        Class<? extends BenchmarkDriver> type = DriverClassResolver.resolve(DRIVER, "folder.yaml", scan(ext));

        DriverFolderClassLoader loader = assertInstanceOf(DriverFolderClassLoader.class, type.getClassLoader());
        assertEquals(ext, loader.folder());
        assertSame(BenchmarkDriver.class, loader.loadClass(BenchmarkDriver.class.getName()));
    }

    @Test
    void aDriverFolderWithoutTheDriversClientLibraryNamesTheMissingClass() throws Exception {
        Path ext = dir.resolve("ext");
        driverFolder(ext.resolve("incomplete"), false);

        ConfigException e = assertThrows(ConfigException.class,
                () -> DriverClassResolver.instantiate(DRIVER, "folder.yaml", scan(ext)));

        assertTrue(e.getMessage().startsWith("folder.yaml: field 'driverClass' = '" + DRIVER + "': "), e.getMessage());
        assertTrue(e.getMessage().contains("NoClassDefFoundError: org/example/wire/Wire"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aDriverClassInTwoFoldersIsRejectedNamingBoth() throws Exception {
        Path ext = dir.resolve("ext");
        driverFolder(ext.resolve("first"), true);
        driverFolder(ext.resolve("second"), true);

        ConfigException e = assertThrows(ConfigException.class,
                () -> DriverClassResolver.resolve(DRIVER, "folder.yaml", scan(ext)));

        assertEquals("folder.yaml: field 'driverClass' = '" + DRIVER + "': is in more than one folder of " + ext
                + " (first, second); keep it in one", e.getMessage());
    }

    @Test
    void aDriverInNoFolderComesFromTheProjectClasspath() throws Exception {
        Path ext = dir.resolve("ext");
        driverFolder(ext.resolve("folder-driver"), true);

        Class<? extends BenchmarkDriver> type =
                DriverClassResolver.resolve(InMemoryBenchmarkDriver.class.getName(), "inmemory.yaml", scan(ext));

        assertSame(InMemoryBenchmarkDriver.class, type);
    }

    @Test
    void aMissingExtDirectoryHasNoFolders() {
        ExtDirectory ext = scan(dir.resolve("no-such-ext"));

        assertTrue(ext.foldersHolding(DRIVER).isEmpty());
        assertThrows(ConfigException.class, () -> DriverClassResolver.resolve(DRIVER, "folder.yaml", ext));
    }

    /** The driver jar (and its client library, unless told not to) in {@code folder}, as copy-dependencies leaves them. */
    private static Path driverFolder(Path folder, boolean withClientLibrary) throws IOException {
        Files.createDirectories(folder);
        Path library = SourceJar.build(folder.resolve("wire-client-1.0.jar"), CLIENT_LIBRARY, List.of());
        SourceJar.build(folder.resolve("folder-driver-1.0.jar"), DRIVER_SOURCE, List.of(library,
                locationOf(BenchmarkDriver.class), locationOf(StatsLogger.class), locationOf(LoggerFactory.class)));
        if (!withClientLibrary) {
            Files.delete(library);
        }
        return folder;
    }

    private static ExtDirectory scan(Path ext) {
        return ExtDirectory.scan(ext, ExtDriverFolderTest.class.getClassLoader());
    }
}
