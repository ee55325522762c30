package io.openmessaging.benchmark.driver;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The producer interface of the older API copy (see BenchmarkDriver in this directory). */
@SuppressWarnings("try")
public interface BenchmarkProducer extends AutoCloseable {

    CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload);
}
