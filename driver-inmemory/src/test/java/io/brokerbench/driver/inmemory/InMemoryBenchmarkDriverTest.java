package io.brokerbench.driver.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.driver.PayloadCopyingProducer;
import io.brokerbench.testing.RecordingCallback;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver with and without a capacity, on the real clock (nothing here depends on how fast it runs). */
class InMemoryBenchmarkDriverTest {

    private static final String HEAD = "name: InMemory\ndriverClass: io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver\n";

    @TempDir
    Path dir;

    @Test
    void withoutCapacityEverySendIsDeliveredBeforeItReturns() throws Exception {
        try (InMemoryBenchmarkDriver driver = new InMemoryBenchmarkDriver()) {
            driver.initialize(file(HEAD), null);
            driver.createTopic("t", 1).join();
            RecordingCallback consumer = new RecordingCallback();
            driver.createConsumer("t", "s", consumer).join();
            BenchmarkProducer producer = driver.createProducer("t").join();
            assertInstanceOf(InMemoryProducer.class, producer);
            assertTrue(producer.sendAsync(Optional.empty(), new byte[] {1}).isDone());
            assertEquals(1, consumer.count());
        }
    }

    @Test
    void withCapacityEveryMessageReachesEverySubscriptionInOrderAndIsAcknowledged() throws Exception {
        int messages = 20_000;
        try (InMemoryBenchmarkDriver driver = new InMemoryBenchmarkDriver()) {
            driver.initialize(file(HEAD + "capacity: {serviceRate: 2000000, queueLimit: 1000, serviceTimeJitter: 0.5}\n"),
                    null);
            driver.createTopic("t", 1).join();
            List<RecordingCallback> consumers = List.of(new RecordingCallback(), new RecordingCallback());
            driver.createConsumer("t", "a", consumers.get(0)).join();
            driver.createConsumer("t", "b", consumers.get(1)).join();
            BenchmarkProducer producer = driver.createProducer("t").join();
            assertTrue(!(producer instanceof PayloadCopyingProducer), "it keeps the payload until served");

            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (int i = 0; i < messages; i++) {
                acks.add(producer.sendAsync(Optional.empty(), ByteBuffer.allocate(4).putInt(i).array()));
            }
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            RecordingCallback.awaitTotal(consumers, 2 * messages, Duration.ofSeconds(30));
            for (RecordingCallback consumer : consumers) {
                List<Integer> received = consumer.payloads().stream().map(p -> ByteBuffer.wrap(p).getInt()).toList();
                assertEquals(messages, received.size());
                for (int i = 0; i < messages; i++) {
                    assertEquals(i, received.get(i));
                }
            }
        }
    }

    private File file(String text) throws Exception {
        Path file = Files.createTempFile(dir, "inmemory", ".yaml");
        Files.writeString(file, text);
        return file.toFile();
    }
}
