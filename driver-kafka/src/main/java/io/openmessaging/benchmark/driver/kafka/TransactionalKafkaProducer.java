package io.openmessaging.benchmark.driver.kafka;

import io.brokerbench.driver.AbortedSend;
import io.brokerbench.driver.ClientMetricSink;
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
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Publishes to one topic in Kafka transactions of {@code requestsPerTransaction} messages. A message
 * counts as sent only when its transaction commits (that is when a read_committed consumer can
 * see it), so every future completes at the commit. The commit blocks the sending thread, which is
 * the cost of transactions this mode measures. A transaction left open by a pause in sending is
 * ended after {@link #IDLE_COMMIT}, so the last messages of a run are not held back.
 *
 * <p>The share of transactions {@code abortFraction} asks for is aborted instead: their messages are
 * flushed to the broker first (so they are in the log, where a read_uncommitted consumer reads them),
 * then the transaction is aborted and their futures fail with {@link AbortedSend}, by which the
 * framework knows them by number.
 */
final class TransactionalKafkaProducer implements BenchmarkProducer, PayloadCopyingProducer, MeteredKafkaClient {

    static final Duration IDLE_COMMIT = Duration.ofMillis(100);

    private final Producer<String, byte[]> producer;
    private final String topic;
    private final TransactionSettings settings;
    private final ScheduledExecutorService idleCommitter;
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    /** How long commitTransaction took, in microseconds; recorded under the lock, read by the metrics thread. */
    private final Recorder commitMicros = new Recorder(3);
    private final AtomicLong committedTransactions = new AtomicLong();
    private final AtomicLong abortedTransactions = new AtomicLong();
    /** Messages in the transactions committed or aborted, for their mean size. */
    private final AtomicLong endedMessages = new AtomicLong();
    /** Metrics thread only: the counts at the last report, for the size of the transactions since. */
    private long reportedTransactions;
    private long reportedMessages;
    /** Transactions begun, which decides the ones to abort. */
    private long begun;
    private long lastSendNanos;
    private boolean open;
    /** Volatile for {@link #metrics}, which must not wait for a commit holding the lock. */
    private volatile boolean closed;

    /** {@code producer} must have a transactional.id; this calls initTransactions. */
    TransactionalKafkaProducer(Producer<String, byte[]> producer, String topic, TransactionSettings settings,
            String threadName) {
        this.producer = producer;
        this.topic = topic;
        this.settings = settings;
        producer.initTransactions();
        this.idleCommitter = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        idleCommitter.scheduleWithFixedDelay(this::endIfIdle, IDLE_COMMIT.toMillis(), IDLE_COMMIT.toMillis(),
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
                begun++;
            }
            // a failed send makes commitTransaction throw, which fails the whole transaction's futures
            producer.send(new ProducerRecord<>(topic, key.orElse(null), payload));
        } catch (KafkaException | IllegalStateException e) {
            committed.completeExceptionally(e);
            return committed;
        }
        pending.add(committed);
        lastSendNanos = System.nanoTime();
        if (pending.size() >= settings.messagesPerTransaction()) {
            endTransaction();
        }
        return committed;
    }

    private synchronized void endIfIdle() {
        if (open && System.nanoTime() - lastSendNanos >= IDLE_COMMIT.toNanos()) {
            endTransaction();
        }
    }

    private void endTransaction() {
        List<CompletableFuture<Void>> batch = new ArrayList<>(pending);
        pending.clear();
        open = false;
        if (settings.aborts(begun - 1)) {
            abortOnPurpose(batch);
        } else {
            commit(batch);
        }
    }

    private void commit(List<CompletableFuture<Void>> batch) {
        long start = System.nanoTime();
        try {
            producer.commitTransaction();
            commitMicros.recordValue((System.nanoTime() - start) / 1_000);
            endedMessages.addAndGet(batch.size());
            committedTransactions.incrementAndGet();
            batch.forEach(future -> future.complete(null));
        } catch (KafkaException e) {
            abortQuietly();
            batch.forEach(future -> future.completeExceptionally(e));
        }
    }

    private void abortOnPurpose(List<CompletableFuture<Void>> batch) {
        try {
            // abortTransaction drops what is still in the client's buffer; flushed, the messages are in the log
            producer.flush();
            producer.abortTransaction();
            endedMessages.addAndGet(batch.size());
            abortedTransactions.incrementAndGet();
            AbortedSend aborted = new AbortedSend("transaction aborted on purpose (abortFraction)");
            batch.forEach(future -> future.completeExceptionally(aborted));
        } catch (KafkaException e) {
            // fenced or otherwise unusable: the messages' fate is unknown, so they count as failed sends
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

    /**
     * The transactions ended since the last report: commit latency p50 and p99 in milliseconds
     * (largest over producers: one producer's percentiles do not combine with another's), their mean
     * size in messages, and how many were committed and aborted. Called by one thread at a time.
     */
    void reportTransactions(ClientMetricSink sink) {
        if (closed) {
            return;
        }
        Histogram commits = commitMicros.getIntervalHistogram();
        if (commits.getTotalCount() > 0) {
            sink.max("kafka.producer.txn-commit-latency-p50", commits.getValueAtPercentile(50) / 1_000.0);
            sink.max("kafka.producer.txn-commit-latency-p99", commits.getValueAtPercentile(99) / 1_000.0);
        }
        long transactions = committedTransactions.get() + abortedTransactions.get();
        long messages = endedMessages.get();
        if (transactions > reportedTransactions) {
            sink.mean("kafka.producer.txn-size-avg",
                    (double) (messages - reportedMessages) / (transactions - reportedTransactions));
        }
        reportedTransactions = transactions;
        reportedMessages = messages;
        sink.perSecond("kafka.producer.txn-commit-rate", this, committedTransactions.get());
        sink.perSecond("kafka.producer.txn-abort-rate", this, abortedTransactions.get());
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
                endTransaction();
            }
        }
        producer.close(KafkaBenchmarkDriver.CLOSE_TIMEOUT);
    }
}
