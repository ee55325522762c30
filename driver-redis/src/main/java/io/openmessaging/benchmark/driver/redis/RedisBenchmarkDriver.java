package io.openmessaging.benchmark.driver.redis;

import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.driver.ClientMetrics;
import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.driver.support.TrackedClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisSentinelPool;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.util.Pool;

/**
 * Redis Streams driver. A topic with N partitions is N streams {@code <topic>:0 .. <topic>:N-1};
 * a subscription is a consumer group of the same name on each of them; every consumer is one group
 * member reading all N streams. See README.md for the keys.
 *
 * <p>Each producer and each consumer holds one pooled connection for its life (a blocking
 * XREADGROUP or a pipelined XADD batch occupies a connection), so {@code jedisPoolMaxTotal} must
 * cover the producers and consumers of one worker; running out is reported, not waited for. With
 * {@code trimConsumed}, a {@link StreamTrimmer} removes what every group has been handed.
 */
public final class RedisBenchmarkDriver implements BenchmarkDriver, ConfigurationCheck, ClientMetrics {

    private RedisConfig config;
    private Pool<Jedis> pool;
    /** Null unless {@code trimConsumed}. */
    private StreamTrimmer trimmer;
    private final TrackedClients clients = new TrackedClients();

    public RedisBenchmarkDriver() {
    }

    @Override
    public void checkConfiguration(File configurationFile) throws IOException {
        RedisConfig.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        config = RedisConfig.read(configurationFile);
        GenericObjectPoolConfig<Jedis> poolConfig = new GenericObjectPoolConfig<>();
        poolConfig.setMaxTotal(config.jedisPoolMaxTotal());
        poolConfig.setMaxIdle(config.jedisPoolMaxIdle());
        poolConfig.setBlockWhenExhausted(false);
        poolConfig.setJmxEnabled(false);
        DefaultJedisClientConfig clientConfig = DefaultJedisClientConfig.builder()
                .user(config.redisUser())
                .password(config.redisPass())
                .connectionTimeoutMillis(config.connectTimeoutMs())
                // a blocking XREADGROUP legitimately stays silent for blockTimeMs, a WAIT for waitTimeoutMs
                .socketTimeoutMillis(Math.max(10_000, Math.max(config.blockTimeMs(), config.waitTimeoutMs()) + 10_000))
                .blockingSocketTimeoutMillis(config.blockTimeMs() + 10_000)
                .clientName("brokerbench")
                .build();
        try {
            pool = config.sentinels().isEmpty()
                    ? new JedisPool(poolConfig, new HostAndPort(config.redisHost(), config.redisPort()), clientConfig)
                    // the sentinels name the primary, and a new one after a failover; they take the same password
                    : new JedisSentinelPool(config.redisSentinelMaster(), config.sentinels(), poolConfig, clientConfig,
                            clientConfig);
            try (Jedis jedis = pool.getResource()) {
                jedis.ping();
            }
        } catch (RuntimeException e) {
            if (pool != null) {
                pool.close();
            }
            throw new IOException(configurationFile + ": cannot use redis at " + where() + ": " + OneLine.of(e));
        }
        if (config.trimConsumed()) {
            trimmer = new StreamTrimmer(pool);
        }
    }

    private String where() {
        return config.sentinels().isEmpty()
                ? config.redisHost() + ":" + config.redisPort() + " (redisHost/redisPort/redisUser/redisPass)"
                : "the primary '" + config.redisSentinelMaster() + "' of sentinels " + config.redisSentinels()
                        + " (redisSentinels/redisSentinelMaster/redisUser/redisPass)";
    }

    @Override
    public String getTopicNamePrefix() {
        return "redis-topic";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return attempt(() -> {
            if (partitions < 1) {
                throw new IllegalArgumentException("topic " + topic + ": partitions must be at least 1, not " + partitions);
            }
            try (Jedis jedis = borrow()) {
                String key = RedisTopic.partitionCountKey(topic);
                if (jedis.set(key, Integer.toString(partitions), SetParams.setParams().nx()) == null) {
                    String existing = jedis.get(key);
                    if (!Integer.toString(partitions).equals(existing)) {
                        throw new IllegalStateException("topic " + topic + " already exists in redis with "
                                + existing + " partitions, not " + partitions);
                    }
                }
            }
            return null;
        });
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return attempt(() -> {
            RedisTopic redisTopic = lookUp(topic);
            return clients.track(new RedisBenchmarkProducer(redisTopic, pool, borrow(), config));
        });
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback) {
        return attempt(() -> {
            RedisTopic redisTopic = lookUp(topic);
            byte[] group = subscriptionName.getBytes(StandardCharsets.UTF_8);
            try (Jedis jedis = borrow()) {
                for (byte[] stream : redisTopic.streams) {
                    createGroup(jedis, stream, group);
                }
            }
            if (trimmer != null) {
                trimmer.watch(redisTopic.streamNames());
            }
            String consumerName = subscriptionName + "-" + UUID.randomUUID().toString().substring(0, 8);
            return clients.track(new RedisBenchmarkConsumer(redisTopic, subscriptionName, consumerName, pool, borrow(),
                    consumerCallback, config));
        });
    }

    /**
     * The group starts at id 0, the start of the stream, not "$" (its end): the framework creates
     * consumers before producers, so on a fresh topic both are the same, but "$" would silently drop
     * whatever was published between a topic's creation and its first subscriber (as Kafka's
     * {@code earliest}). A group that exists already (another consumer of the subscription, here or
     * on another worker, or a consumer re-created to drain a backlog) keeps its position.
     */
    private static void createGroup(Jedis jedis, byte[] stream, byte[] group) {
        try {
            jedis.xgroupCreate(stream, group, "0".getBytes(StandardCharsets.US_ASCII), true);
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                throw e;
            }
        }
    }

    private RedisTopic lookUp(String topic) {
        try (Jedis jedis = borrow()) {
            String partitions = jedis.get(RedisTopic.partitionCountKey(topic));
            if (partitions == null) {
                throw new IllegalStateException("topic " + topic + " does not exist in redis (no key "
                        + RedisTopic.partitionCountKey(topic) + ")");
            }
            return new RedisTopic(topic, Integer.parseInt(partitions));
        }
    }

    private Jedis borrow() {
        try {
            return pool.getResource();
        } catch (RuntimeException e) {
            if (pool.getNumActive() >= config.jedisPoolMaxTotal()) {
                throw new IllegalStateException(config.file() + ": all " + config.jedisPoolMaxTotal()
                        + " redis connections are in use (each producer and consumer holds one): raise jedisPoolMaxTotal");
            }
            throw e;
        }
    }

    /**
     * What jedis exposes: its connection pool. Every producer and consumer holds one connection for
     * its life, so {@code active} is their count; borrowing shows as the pool being exhausted or slow.
     */
    @Override
    public void reportClientMetrics(ClientMetricSink sink) {
        Pool<Jedis> current = pool;
        if (current == null || current.isClosed()) {
            return;
        }
        sink.sum("jedis.pool.active", current.getNumActive());
        sink.sum("jedis.pool.idle", current.getNumIdle());
        sink.sum("jedis.pool.waiters", current.getNumWaiters());
        sink.perSecond("jedis.pool.created-rate", current, current.getCreatedCount());
        sink.perSecond("jedis.pool.destroyed-rate", current, current.getDestroyedCount());
        sink.perSecond("jedis.pool.borrowed-rate", current, current.getBorrowedCount());
        sink.mean("jedis.pool.borrow-wait-mean-ms", current.getMeanBorrowWaitDuration().toNanos() / 1e6);
        sink.max("jedis.pool.borrow-wait-max-ms", current.getMaxBorrowWaitDuration().toNanos() / 1e6);
        StreamTrimmer trimming = trimmer;
        if (trimming != null) {
            sink.perSecond("redis.streams.trimmed-rate", trimming, trimming.trimmed());
        }
    }

    private static <T> CompletableFuture<T> attempt(Supplier<T> action) {
        try {
            return CompletableFuture.completedFuture(action.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("redis: " + OneLine.of(e), e));
        }
    }

    @Override
    public void close() throws Exception {
        clients.closeAll();
        if (trimmer != null) {
            trimmer.close();
            trimmer = null;
        }
        if (pool != null) {
            pool.close();
        }
    }
}
