package io.brokerbench.driver.inmemory;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import io.brokerbench.testing.RecordingCallback;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The delivery thread against a clock the test moves: a message is neither received nor acknowledged
 * before the clock reaches its completion (the clock stands still, so that holds for certain), and
 * is both once it has. Real time passes only while waiting for the thread to act.
 */
class CapacityServerTest {

    private static final long T0 = 5_000_000_000L;
    private static final long MILLI = 1_000_000;
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final AtomicLong clock = new AtomicLong(T0);
    private final InMemoryTopic topic = new InMemoryTopic(1);
    private final RecordingCallback consumer = new RecordingCallback();
    private CapacityServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aMessageIsReceivedAndAcknowledgedWhenServedNotBefore() {
        server = new CapacityServer(new CapacityModel(1_000, 10, 0, 1), clock::get); // 1 ms a message
        topic.join("s", consumer);
        List<CompletableFuture<Void>> acks = List.of(send(1), send(2), send(3));
        assertTrue(acks.stream().noneMatch(CompletableFuture::isDone), "the clock has not moved");

        clock.set(T0 + MILLI);
        await().atMost(PATIENCE).until(() -> acks.get(0).isDone());
        assertEquals(1, consumer.count(), "received by the time it is acknowledged");
        assertFalse(acks.get(1).isDone(), "the second is served at 2 ms");

        clock.set(T0 + 3 * MILLI);
        await().atMost(PATIENCE).until(() -> acks.get(2).isDone());
        assertEquals(List.of(1, 2, 3), consumer.payloads().stream().map(p -> (int) p[0]).toList());
        assertFalse(consumer.calledConcurrently());
    }

    @Test
    void aSenderFindingTheQueueFullWaitsForRoom() throws Exception {
        server = new CapacityServer(new CapacityModel(1_000, 2, 0, 1), clock::get);
        topic.join("s", consumer);
        send(1);
        send(2);
        AtomicReference<CompletableFuture<Void>> third = new AtomicReference<>();
        Thread sender = new Thread(() -> third.set(send(3)));
        sender.start();
        await().atMost(PATIENCE).until(() -> sender.getState() == Thread.State.WAITING);
        assertEquals(null, third.get(), "blocked inside sendAsync, as on a full Kafka buffer");

        clock.set(T0 + MILLI); // the first is served: room for the third
        sender.join(PATIENCE.toMillis());
        assertFalse(sender.isAlive());
        clock.set(T0 + 3 * MILLI); // it arrived at 1 ms, behind the second (served at 2 ms)
        await().atMost(PATIENCE).until(() -> third.get().isDone());
        assertEquals(3, consumer.count());
    }

    @Test
    void closingFailsWhatWasNotServedAndReleasesWaitingSenders() throws Exception {
        server = new CapacityServer(new CapacityModel(1_000, 1, 0, 1), clock::get);
        topic.join("s", consumer);
        CompletableFuture<Void> queued = send(1);
        AtomicReference<CompletableFuture<Void>> blocked = new AtomicReference<>();
        Thread sender = new Thread(() -> blocked.set(send(2)));
        sender.start();
        await().atMost(PATIENCE).until(() -> sender.getState() == Thread.State.WAITING);

        server.close();
        sender.join(PATIENCE.toMillis());
        assertTrue(queued.isCompletedExceptionally());
        assertTrue(blocked.get().isCompletedExceptionally());
        assertEquals(0, consumer.count());
    }

    private CompletableFuture<Void> send(int value) {
        return server.submit(topic, 0, new byte[] {(byte) value});
    }
}
