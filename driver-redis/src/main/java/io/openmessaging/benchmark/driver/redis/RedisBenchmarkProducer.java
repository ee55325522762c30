package io.openmessaging.benchmark.driver.redis;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.util.Pool;

/**
 * Appends messages to a topic's streams with XADD. {@code sendAsync} only queues the message; one
 * sender thread per producer drains the queue and pipelines up to {@code producerBatchSize} XADDs
 * per round trip, completing each message's future when its own reply arrives. At low rates a batch
 * is a single message, so pipelining adds no waiting. With {@code waitForReplicas}, a {@link
 * ReplicaWait} closes each batch, and its futures complete only once enough replicas hold it.
 *
 * <p>The queued array is sent later, so this producer does not copy the payload in {@code
 * sendAsync} and deliberately is not a {@code PayloadCopyingProducer}.
 */
final class RedisBenchmarkProducer implements BenchmarkProducer {

    private static final Logger log = LoggerFactory.getLogger(RedisBenchmarkProducer.class);
    private static final long POLL_MS = 100;
    /**
     * How long close() lets the sender keep sending what was queued before it. A live server takes
     * a full queue in well under a second; a dead or hung one would otherwise cost a connect or
     * socket timeout per batch, for every batch in the queue.
     */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private record Pending(byte[] stream, byte[] payload, CompletableFuture<Void> done) {
    }

    private final RedisTopic topic;
    private final Pool<Jedis> pool;
    private final XAddParams xaddParams;
    private final ReplicaWait replicaWait;
    private final int batchSize;
    private final BlockingQueue<Pending> queue;
    private final Thread sender;
    private volatile boolean closed;
    private volatile long closeDeadlineNanos;
    /** Owned by the sender thread; null after a connection broke until the next batch borrows one. */
    private Jedis connection;

    RedisBenchmarkProducer(RedisTopic topic, Pool<Jedis> pool, Jedis connection, RedisConfig config) {
        this.topic = topic;
        this.pool = pool;
        this.connection = connection;
        this.batchSize = config.producerBatchSize();
        this.queue = new ArrayBlockingQueue<>(config.producerMaxPending());
        XAddParams params = XAddParams.xAddParams();
        if (config.maxLen() > 0) {
            // "~" lets Redis trim whole macro nodes, which is far cheaper than exact trimming
            params.maxLen(config.maxLen()).approximateTrimming();
        }
        this.xaddParams = params;
        this.replicaWait = ReplicaWait.of(config);
        this.sender = new Thread(this::sendLoop, "redis-producer-" + topic.name);
        sender.setDaemon(true);
        sender.start();
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (closed) {
            done.completeExceptionally(new IllegalStateException("redis producer for " + topic.name + " is closed"));
            return done;
        }
        Pending pending = new Pending(topic.streamFor(key), payload, done);
        try {
            // a full queue blocks the caller: back-pressure instead of unbounded memory
            while (!queue.offer(pending, POLL_MS, TimeUnit.MILLISECONDS)) {
                if (closed) {
                    done.completeExceptionally(new IllegalStateException("redis producer for " + topic.name
                            + " closed while the message waited for room"));
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.completeExceptionally(e);
        }
        return done;
    }

    private void sendLoop() {
        List<Pending> batch = new ArrayList<>(batchSize);
        // after close() the queue is still drained, so messages accepted before close are sent, for a while
        while (!closed || !queue.isEmpty()) {
            if (closed && System.nanoTime() - closeDeadlineNanos > 0) {
                failQueued(new IllegalStateException("redis producer for " + topic.name + " closed: redis did not take"
                        + " these messages within " + CLOSE_TIMEOUT.toSeconds() + " s"));
                break;
            }
            try {
                Pending first = queue.poll(POLL_MS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, batchSize - 1);
                send(batch);
            } catch (InterruptedException e) {
                break;
            } finally {
                batch.clear();
            }
        }
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private void failQueued(Exception reason) {
        for (Pending p; (p = queue.poll()) != null; ) {
            p.done().completeExceptionally(reason);
        }
    }

    private void send(List<Pending> batch) {
        try {
            if (connection == null) {
                connection = pool.getResource();
            }
            Pipeline pipeline = connection.pipelined();
            List<Response<byte[]>> replies = new ArrayList<>(batch.size());
            for (Pending p : batch) {
                replies.add(pipeline.xadd(p.stream(), xaddParams, Map.of(RedisTopic.PAYLOAD_FIELD, p.payload())));
            }
            Response<Long> acknowledged = replicaWait.request(pipeline);
            pipeline.sync();
            RuntimeException shortfall = replicaWait.shortfall(acknowledged);
            for (int i = 0; i < batch.size(); i++) {
                try {
                    replies.get(i).get();
                    if (shortfall != null) {
                        throw shortfall;
                    }
                    batch.get(i).done().complete(null);
                } catch (RuntimeException e) {
                    batch.get(i).done().completeExceptionally(e);
                }
            }
        } catch (JedisException e) {
            for (Pending p : batch) {
                p.done().completeExceptionally(e);
            }
            if (e instanceof JedisConnectionException && connection != null) {
                // a broken connection is dropped by the pool; the next batch borrows a fresh one
                log.warn("redis producer for {} lost its connection", topic.name, e);
                connection.close();
                connection = null;
            }
        }
    }

    @Override
    public synchronized void close() throws InterruptedException {
        if (closed) {
            return; // closed by the benchmark and again by the driver
        }
        closeDeadlineNanos = System.nanoTime() + CLOSE_TIMEOUT.toNanos();
        closed = true;
        // beyond the deadline, a batch already on the wire may still wait for its socket timeout: the sender
        // (a daemon thread) fails it and the rest, and returns its connection, without holding up the close
        sender.join(CLOSE_TIMEOUT.plusSeconds(1).toMillis());
        if (sender.isAlive()) {
            log.warn("redis producer for {}: a batch still awaits redis's reply after {} s; closing without it",
                    topic.name, CLOSE_TIMEOUT.toSeconds());
            return;
        }
        // offered by a sendAsync racing with close, after the sender's last look at the queue
        failQueued(new IllegalStateException("redis producer for " + topic.name + " closed"));
    }
}
