package io.openmessaging.benchmark.driver.redis;

import io.brokerbench.driver.support.RetryStreak;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntryBinary;
import redis.clients.jedis.util.Pool;

/**
 * One member of a consumer group (the subscription) reading all streams of a topic with
 * XREADGROUP on its own thread, then acknowledging each batch with XACK once the callback has seen
 * it. Redis hands each entry to one member of the group, so members of one subscription share the
 * messages; each member sees its share of one stream in stream order.
 */
final class RedisBenchmarkConsumer implements BenchmarkConsumer {

    private static final Logger log = LoggerFactory.getLogger(RedisBenchmarkConsumer.class);

    private final RedisTopic topic;
    private final byte[] group;
    private final byte[] consumerName;
    private final Pool<Jedis> pool;
    private final ConsumerCallback callback;
    private final XReadGroupParams readParams;
    private final Map<byte[], StreamEntryID> readFrom = new LinkedHashMap<>();
    private final long closeWaitMs;
    private final Thread reader;
    /** Owned by the reader thread. */
    private final RetryStreak failures;
    private volatile boolean closed;
    /** Owned by the reader thread; null after a connection broke until the next read borrows one. */
    private Jedis connection;

    RedisBenchmarkConsumer(RedisTopic topic, String subscription, String consumerName, Pool<Jedis> pool,
            Jedis connection, ConsumerCallback callback, RedisConfig config) {
        this.topic = topic;
        this.group = subscription.getBytes(StandardCharsets.UTF_8);
        this.consumerName = consumerName.getBytes(StandardCharsets.UTF_8);
        this.pool = pool;
        this.connection = connection;
        this.callback = callback;
        this.readParams = XReadGroupParams.xReadGroupParams().count(config.readBatchSize()).block(config.blockTimeMs());
        for (byte[] stream : topic.streams) {
            // ">": entries never delivered to any member of the group
            readFrom.put(stream, StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY);
        }
        this.closeWaitMs = config.blockTimeMs() + RetryStreak.MAX_PAUSE.toMillis() + 10_000L;
        this.failures = new RetryStreak("redis consumer " + consumerName + " on " + topic.name, log::warn,
                System::nanoTime);
        this.reader = new Thread(this::readLoop, "redis-consumer-" + subscription + "-" + consumerName);
        reader.setDaemon(true);
        reader.start();
    }

    private void readLoop() {
        while (!closed) {
            try {
                if (connection == null) {
                    connection = pool.getResource();
                }
                List<Map.Entry<byte[], List<StreamEntryBinary>>> batch =
                        connection.xreadGroupBinary(group, consumerName, readParams, readFrom);
                if (batch != null) {
                    for (Map.Entry<byte[], List<StreamEntryBinary>> stream : batch) {
                        deliverAndAck(stream.getKey(), stream.getValue());
                    }
                }
                failures.succeeded();
            } catch (RuntimeException e) {
                // a Redis error or a callback that threw: keep consuming, as a real client would
                if (closed) {
                    break;
                }
                if (e instanceof JedisConnectionException && connection != null) {
                    connection.close();
                    connection = null;
                }
                try {
                    TimeUnit.MILLISECONDS.sleep(failures.failed(e).toMillis());
                } catch (InterruptedException interrupted) {
                    break;
                }
            }
        }
    }

    private void deliverAndAck(byte[] stream, List<StreamEntryBinary> entries) {
        if (entries == null || entries.isEmpty()) {
            return;
        }
        byte[][] ids = new byte[entries.size()][];
        for (int i = 0; i < ids.length; i++) {
            StreamEntryBinary entry = entries.get(i);
            StreamEntryID id = entry.getID();
            // an entry id is "<milliseconds>-<sequence>", the server's clock when XADD ran
            callback.messageReceived(payloadOf(entry), id.getTime());
            ids[i] = id.toString().getBytes(StandardCharsets.US_ASCII);
        }
        // acknowledged after delivery, so a consumer that dies mid-batch leaves these pending, not lost
        connection.xack(stream, group, ids);
    }

    private static byte[] payloadOf(StreamEntryBinary entry) {
        for (Map.Entry<byte[], byte[]> field : entry.getFields().entrySet()) {
            if (Arrays.equals(field.getKey(), RedisTopic.PAYLOAD_FIELD)) {
                return field.getValue();
            }
        }
        throw new IllegalStateException("stream entry " + entry.getID() + " has no payload field 'p'");
    }

    @Override
    public synchronized void close() throws InterruptedException {
        if (closed) {
            return; // closed by the benchmark and again by the driver
        }
        closed = true;
        // the reader finishes its current XREADGROUP (at most blockTimeMs) and acknowledges what it delivered
        reader.join(closeWaitMs);
        if (reader.isAlive()) {
            log.warn("redis consumer {} did not stop within {} ms", new String(consumerName, StandardCharsets.UTF_8),
                    closeWaitMs);
            return;
        }
        if (connection != null) {
            try {
                // every entry it read is acknowledged, so removing the member loses nothing
                for (byte[] stream : topic.streams) {
                    connection.xgroupDelConsumer(stream, group, consumerName);
                }
            } catch (JedisException e) {
                log.warn("redis consumer {} could not leave its group",
                        new String(consumerName, StandardCharsets.UTF_8), e);
            }
            connection.close();
            connection = null;
        }
    }
}
