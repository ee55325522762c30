package io.openmessaging.benchmark.driver.nats;

import io.nats.client.JetStream;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * Publishes with JetStream's asynchronous publish: each message's future completes when the server
 * acknowledged storing it. At most {@code maxInFlightPublishes} wait for their ack; beyond that
 * {@code sendAsync} blocks the caller (back-pressure, as a full Kafka or Pulsar send buffer does).
 *
 * <p>The client writes the array to the socket later, on its own thread, so the payload is not
 * copied when {@code sendAsync} returns: this is deliberately not a {@code PayloadCopyingProducer}.
 */
final class NatsBenchmarkProducer implements BenchmarkProducer {

    private final NatsTopic topic;
    private final JetStream jetStream;
    private final Semaphore inFlight;

    NatsBenchmarkProducer(NatsTopic topic, JetStream jetStream, int maxInFlight) {
        this.topic = topic;
        this.jetStream = jetStream;
        this.inFlight = new Semaphore(maxInFlight);
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        try {
            inFlight.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            jetStream.publishAsync(topic.subjectFor(key), payload).whenComplete((ack, error) -> {
                inFlight.release();
                if (error != null) {
                    done.completeExceptionally(error);
                } else {
                    done.complete(null);
                }
            });
        } catch (RuntimeException e) {
            inFlight.release();
            done.completeExceptionally(e);
        }
        return done;
    }

    @Override
    public void close() {
        // the connection belongs to the driver; in-flight publishes complete or fail with it
    }
}
