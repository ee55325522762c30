package io.openmessaging.benchmark.driver;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Publishes messages to one topic. Signature-compatible with OpenMessaging Benchmark. */
public interface BenchmarkProducer extends AutoCloseable {

    /**
     * Publishes one message; the future completes when the broker acknowledged it (or fails with
     * the reason it was not). {@code key} empty means the driver chooses the partition.
     *
     * <p>Threading contract: the framework calls {@code sendAsync} of one producer from one thread
     * at a time (its load thread), never concurrently. The returned future may be completed on any
     * thread: inside this call (a driver that knows the outcome at once), or later on the client
     * library's threads, several of which may complete futures of the same producer concurrently
     * (Kafka completes them on each producer's sender thread). The framework's completion actions
     * are safe for concurrent completion and do little work, but a driver should not complete a
     * future while holding a lock its own sending path needs. The framework must be able to rely on
     * every future completing eventually (normally or exceptionally), or the message counts as
     * unacknowledged.
     */
    CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload);
}
