package io.brokerbench.testing;

import io.brokerbench.config.DriverFile;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes workload and driver files for tests, loaded through the real loaders. */
public final class TestFiles {

    private TestFiles() {
    }

    public static Path write(Path dir, String name, String yaml) {
        try {
            return Files.writeString(dir.resolve(name), yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A workload of randomized payloads, one producer and one consumer on one topic, whose rate and
     * durations are {@code rates} (YAML lines: producerRate, phases, testDurationSeconds, ...).
     */
    public static Workload workloadOf(Path dir, String rates) {
        return WorkloadLoader.load(write(dir, "workload.yaml", """
                name: test
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                useRandomizedPayloads: true
                randomizedPayloadPoolSize: 10
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                """ + rates));
    }

    /** A short workload of randomized payloads: {@code extra} lines override or add fields. */
    public static Workload workload(Path dir, String extra) {
        String yaml = String.join("\n",
                "name: test",
                "topics: 1",
                "partitionsPerTopic: 1",
                "messageSize: 100",
                "useRandomizedPayloads: true",
                "randomBytesRatio: 0.5",
                "randomizedPayloadPoolSize: 10",
                "subscriptionsPerTopic: 1",
                "consumerPerSubscription: 1",
                "producersPerTopic: 1",
                "producerRate: 2000",
                "warmupDurationSeconds: 0",
                "testDurationSeconds: 2",
                "reportingIntervalSeconds: 1",
                "") + extra;
        // later keys would be duplicates: keep only the last occurrence of each key
        java.util.LinkedHashMap<String, String> lines = new java.util.LinkedHashMap<>();
        for (String line : yaml.split("\n")) {
            if (!line.isBlank()) {
                lines.put(line.substring(0, line.indexOf(':')), line);
            }
        }
        return WorkloadLoader.load(write(dir, "workload.yaml", String.join("\n", lines.values()) + "\n"));
    }

    /** A driver file naming {@code driverClass} and nothing else. */
    public static DriverSetup driver(Path dir, Class<?> driverClass) {
        Path file = write(dir, "driver.yaml", "name: " + driverClass.getSimpleName() + "\ndriverClass: " + driverClass.getName() + "\n");
        DriverFile driver = DriverFile.load(file);
        return new DriverSetup(driver.name(), driver.driverClass(), driver.text(), file.toString());
    }

    public static DriverSetup faultyDriver(Path dir, FaultInjectingDriver.Fault fault) {
        Path file = write(dir, "faulty.yaml", "name: Faulty\ndriverClass: " + FaultInjectingDriver.class.getName()
                + "\nfault: " + fault + "\n");
        DriverFile driver = DriverFile.load(file);
        return new DriverSetup(driver.name(), driver.driverClass(), driver.text(), file.toString());
    }
}
