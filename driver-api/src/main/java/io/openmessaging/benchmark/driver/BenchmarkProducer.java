package io.openmessaging.benchmark.driver;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Publishes messages to one topic. Signature-compatible with OpenMessaging Benchmark. */
public interface BenchmarkProducer extends AutoCloseable {

    /**
     * Publishes one message; the future completes when the broker acknowledged it (or fails with
     * the reason it was not). {@code key} empty means the driver chooses the partition.
     */
    CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload);
}
