package io.openmessaging.benchmark.driver.redis;

import io.brokerbench.driver.support.DriverYaml;
import java.io.File;
import java.io.IOException;

/**
 * The Redis driver file: OMB's keys ({@code redisHost}, {@code redisPort}, {@code redisUser},
 * {@code redisPass}, {@code jedisPoolMaxTotal}, {@code jedisPoolMaxIdle}) plus stream trimming,
 * producer pipelining and consumer read settings. Bad keys or values are an {@link
 * IllegalArgumentException} with a one-line message naming the file, key and value.
 */
final class RedisConfig {

    final String file;
    final String host;
    final int port;
    final String user;
    final String password;
    final int poolMaxTotal;
    final int poolMaxIdle;
    /** Approximate cap on entries per stream ({@code XADD MAXLEN ~}); 0 keeps everything. */
    final long maxLen;
    /** Most XADDs a producer sends in one pipelined round trip. */
    final int producerBatchSize;
    /** Most messages a producer holds before {@code sendAsync} blocks the caller. */
    final int producerMaxPending;
    /** {@code XREADGROUP COUNT}, per stream. */
    final int readBatchSize;
    /** {@code XREADGROUP BLOCK}: how long an idle consumer waits per call (also bounds close()). */
    final int blockTimeMs;
    final int connectTimeoutMs;

    private RedisConfig(DriverYaml yaml) {
        this.file = yaml.file().toString();
        this.host = yaml.string("redisHost", "127.0.0.1");
        this.port = yaml.integer("redisPort", 6379, 1, 65_535);
        this.user = yaml.string("redisUser", null);
        this.password = yaml.string("redisPass", null);
        this.poolMaxTotal = yaml.integer("jedisPoolMaxTotal", 64, 1, 100_000);
        this.poolMaxIdle = yaml.integer("jedisPoolMaxIdle", poolMaxTotal, 0, 100_000);
        this.maxLen = yaml.longInteger("maxLen", 0, 0, Long.MAX_VALUE);
        this.producerBatchSize = yaml.integer("producerBatchSize", 64, 1, 100_000);
        this.producerMaxPending = yaml.integer("producerMaxPending", 10_000, 1, 10_000_000);
        this.readBatchSize = yaml.integer("readBatchSize", 100, 1, 100_000);
        this.blockTimeMs = yaml.integer("blockTimeMs", 100, 1, 60_000);
        this.connectTimeoutMs = yaml.integer("connectTimeoutMs", 2_000, 1, 600_000);
    }

    static RedisConfig read(File file) throws IOException {
        return DriverYaml.read(file.toPath(), RedisConfig::new);
    }
}
