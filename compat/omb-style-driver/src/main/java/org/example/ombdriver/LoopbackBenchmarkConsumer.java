package org.example.ombdriver;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Delivers on a thread of its own, one message at a time, as a client library's listener thread
 * would; so the callback never runs on the publisher's thread.
 */
final class LoopbackBenchmarkConsumer implements BenchmarkConsumer {

    private final ConsumerCallback callback;
    private final Consumer<LoopbackBenchmarkConsumer> onClose;
    private final ExecutorService delivery = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "loopback-consumer");
        thread.setDaemon(true);
        return thread;
    });

    LoopbackBenchmarkConsumer(ConsumerCallback callback, Consumer<LoopbackBenchmarkConsumer> onClose) {
        this.callback = callback;
        this.onClose = onClose;
    }

    void deliver(byte[] payload, long publishTimestamp) {
        try {
            delivery.execute(() -> callback.messageReceived(payload, publishTimestamp));
        } catch (RejectedExecutionException closed) {
            // a closed consumer receives nothing more, as with a real client
        }
    }

    @Override
    public void close() {
        onClose.accept(this);
        delivery.shutdown();
    }
}
