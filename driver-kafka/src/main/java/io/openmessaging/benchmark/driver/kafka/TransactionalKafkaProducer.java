package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.PayloadCopyingProducer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Publishes to one topic in Kafka transactions of {@code messagesPerTransaction} messages. A message
 * counts as sent only when its transaction commits (that is when a read_committed consumer can
 * see it), so every future completes at the commit. The commit blocks the sending thread, which is
 * the cost of transactions this mode measures. A transaction left open by a pause in sending is
 * committed after {@link #IDLE_COMMIT}, so the last messages of a run are not held back.
 */
final class TransactionalKafkaProducer implements BenchmarkProducer, PayloadCopyingProducer, MeteredKafkaClient {

    static final Duration IDLE_COMMIT = Duration.ofMillis(100);

    private final Producer<String, byte[]> producer;
    private final String topic;
    private final int messagesPerTransaction;
    private final ScheduledExecutorService idleCommitter;
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private long lastSendNanos;
    private boolean open;
    /** Volatile for {@link #metrics}, which must not wait for a commit holding the lock. */
    private volatile boolean closed;

    /** {@code producer} must have a transactional.id; this calls initTransactions. */
    TransactionalKafkaProducer(Producer<String, byte[]> producer, String topic, int messagesPerTransaction,
            String threadName) {
        this.producer = producer;
        this.topic = topic;
        this.messagesPerTransaction = messagesPerTransaction;
        producer.initTransactions();
        this.idleCommitter = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        idleCommitter.scheduleWithFixedDelay(this::commitIfIdle, IDLE_COMMIT.toMillis(), IDLE_COMMIT.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> committed = new CompletableFuture<>();
        if (closed) {
            committed.completeExceptionally(new IllegalStateException("producer closed"));
            return committed;
        }
        try {
            if (!open) {
                producer.beginTransaction();
                open = true;
            }
            // a failed send makes commitTransaction throw, which fails the whole transaction's futures
            producer.send(new ProducerRecord<>(topic, key.orElse(null), payload));
        } catch (KafkaException | IllegalStateException e) {
            committed.completeExceptionally(e);
            return committed;
        }
        pending.add(committed);
        lastSendNanos = System.nanoTime();
        if (pending.size() >= messagesPerTransaction) {
            commit();
        }
        return committed;
    }

    private synchronized void commitIfIdle() {
        if (open && System.nanoTime() - lastSendNanos >= IDLE_COMMIT.toNanos()) {
            commit();
        }
    }

    private void commit() {
        List<CompletableFuture<Void>> batch = new ArrayList<>(pending);
        pending.clear();
        open = false;
        try {
            producer.commitTransaction();
            batch.forEach(future -> future.complete(null));
        } catch (KafkaException e) {
            abortQuietly();
            batch.forEach(future -> future.completeExceptionally(e));
        }
    }

    private void abortQuietly() {
        try {
            producer.abortTransaction();
        } catch (KafkaException fatal) {
            // fenced or otherwise unusable: later sends fail with the producer's own error
        }
    }

    @Override
    public Map<MetricName, ? extends Metric> metrics() {
        return closed ? Map.of() : producer.metrics();
    }

    @Override
    public void close() {
        idleCommitter.shutdownNow();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (open) {
                // waits at most max.block.ms (the driver bounds it unless the file sets it): commitTransaction takes no timeout
                commit();
            }
        }
        producer.close(KafkaBenchmarkDriver.CLOSE_TIMEOUT);
    }
}
