package io.brokerbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Workload files for the distributed tests. */
final class Workloads {

    private Workloads() {
    }

    static Path write(Path dir, int partitions, int producers, int consumers, int testSeconds) throws IOException {
        return write(dir, partitions, producers, consumers, testSeconds, 2000);
    }

    static Path write(Path dir, int partitions, int producers, int consumers, int testSeconds, int rate) throws IOException {
        return Files.writeString(dir.resolve("workload.yaml"), String.join("\n",
                "name: distributed",
                "topics: 1",
                "partitionsPerTopic: " + partitions,
                "messageSize: 256",
                "useRandomizedPayloads: true",
                "randomBytesRatio: 0.5",
                "randomizedPayloadPoolSize: 10",
                "subscriptionsPerTopic: 1",
                "consumerPerSubscription: " + consumers,
                "producersPerTopic: " + producers,
                "producerRate: " + rate,
                "warmupDurationSeconds: 1",
                "testDurationSeconds: " + testSeconds,
                "reportingIntervalSeconds: 1",
                ""));
    }

    static Path inMemoryDriver(Path dir) throws IOException {
        return Files.writeString(dir.resolve("inmemory.yaml"),
                "name: InMemory\ndriverClass: io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver\n");
    }
}
