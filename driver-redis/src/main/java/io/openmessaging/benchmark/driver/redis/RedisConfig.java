package io.openmessaging.benchmark.driver.redis;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import io.brokerbench.yaml.YamlDocument;
import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import redis.clients.jedis.HostAndPort;

/**
 * The Redis driver file: OMB's keys ({@code redisHost}, {@code redisPort}, {@code redisUser},
 * {@code redisPass}, {@code jedisPoolMaxTotal}, {@code jedisPoolMaxIdle}) plus stream trimming,
 * producer pipelining, waiting for replicas and consumer read settings. Bad keys or values are an {@link
 * IllegalArgumentException} with a one-line message naming the file, key and value.
 *
 * @param jedisPoolMaxIdle absent: as many as {@code jedisPoolMaxTotal}
 * @param maxLen approximate cap on entries per stream ({@code XADD MAXLEN ~}); 0 keeps everything
 * @param trimConsumed whether to remove, once a second, the entries every consumer group has been
 *     handed ({@link StreamTrimmer}); false keeps everything, as OMB's driver does
 * @param producerBatchSize most XADDs a producer sends in one pipelined round trip
 * @param producerMaxPending most messages a producer holds before {@code sendAsync} blocks the caller
 * @param readBatchSize {@code XREADGROUP COUNT}, per stream
 * @param blockTimeMs {@code XREADGROUP BLOCK}: how long an idle consumer waits per call (also bounds close())
 * @param waitForReplicas replicas that must hold each batch of XADDs ({@code WAIT}) before its sends
 *     complete; 0 sends no WAIT, and a send completes once the primary has it
 * @param redisSentinels sentinels to ask for the primary, {@code host:port} separated by commas; set, the
 *     driver connects to whichever server they name as primary of {@code redisSentinelMaster}, and after a
 *     failover to the new one (redisHost and redisPort are then not used); absent: redisHost:redisPort
 * @param redisSentinelMaster the name the sentinels monitor the primary by (with {@code redisSentinels} only)
 * @param waitTimeoutMs how long one {@code WAIT} waits for them before its batch's sends fail; absent:
 *     1000 when {@code waitForReplicas} is set, and set without it an error. Never 0, which WAIT takes
 *     as "for ever": a send would hang on a replica that never answers
 */
record RedisConfig(
        @JacksonInject(YamlDocument.FILE) @JsonIgnore Path file,
        @JsonProperty(defaultValue = "127.0.0.1") String redisHost,
        @JsonProperty(defaultValue = "6379") @Range(min = 1, max = 65_535) int redisPort,
        String redisUser,
        String redisPass,
        @JsonProperty(defaultValue = "64") @Range(min = 1, max = 100_000) int jedisPoolMaxTotal,
        @Range(min = 0, max = 100_000) Integer jedisPoolMaxIdle,
        @Range(min = 0) long maxLen,
        boolean trimConsumed,
        @JsonProperty(defaultValue = "64") @Range(min = 1, max = 100_000) int producerBatchSize,
        @JsonProperty(defaultValue = "10000") @Range(min = 1, max = 10_000_000) int producerMaxPending,
        @JsonProperty(defaultValue = "100") @Range(min = 1, max = 100_000) int readBatchSize,
        @JsonProperty(defaultValue = "100") @Range(min = 1, max = 60_000) int blockTimeMs,
        @JsonProperty(defaultValue = "2000") @Range(min = 1, max = 600_000) int connectTimeoutMs,
        @Range(min = 0, max = 100) int waitForReplicas,
        @Range(min = 1, max = 60_000) Integer waitTimeoutMs,
        String redisSentinels,
        String redisSentinelMaster) {

    private static final int DEFAULT_WAIT_TIMEOUT_MS = 1_000;

    RedisConfig {
        jedisPoolMaxIdle = jedisPoolMaxIdle == null ? jedisPoolMaxTotal : jedisPoolMaxIdle;
        if (waitTimeoutMs != null && waitForReplicas == 0) {
            throw new FieldException("waitTimeoutMs", waitTimeoutMs,
                    "has no effect without waitForReplicas (at least 1): no WAIT is sent");
        }
        waitTimeoutMs = waitTimeoutMs == null ? DEFAULT_WAIT_TIMEOUT_MS : waitTimeoutMs;
        if (redisSentinels != null && (redisSentinelMaster == null || redisSentinelMaster.isBlank())) {
            throw new FieldException("redisSentinelMaster", redisSentinelMaster == null ? "(missing)" : redisSentinelMaster,
                    "redisSentinels needs the name the sentinels monitor the primary by");
        }
        if (redisSentinels == null && redisSentinelMaster != null) {
            throw new FieldException("redisSentinelMaster", redisSentinelMaster, "has no effect without redisSentinels");
        }
        if (redisSentinels != null) {
            sentinels(redisSentinels);
        }
    }

    /** The sentinels, or none when the driver connects to redisHost:redisPort. */
    Set<HostAndPort> sentinels() {
        return redisSentinels == null ? Set.of() : sentinels(redisSentinels);
    }

    private static Set<HostAndPort> sentinels(String list) {
        Set<HostAndPort> sentinels = new LinkedHashSet<>();
        for (String entry : list.split(",")) {
            String sentinel = entry.strip();
            int colon = sentinel.lastIndexOf(':');
            try {
                if (colon < 1) {
                    throw new NumberFormatException("no port");
                }
                int port = Integer.parseInt(sentinel.substring(colon + 1));
                if (port < 1 || port > 65_535) {
                    throw new NumberFormatException("port out of range");
                }
                sentinels.add(new HostAndPort(sentinel.substring(0, colon), port));
            } catch (NumberFormatException e) {
                throw new FieldException("redisSentinels", list, "expected host:port entries separated by commas, not '"
                        + sentinel + "'");
            }
        }
        return sentinels;
    }

    static RedisConfig read(File file) {
        return FrameworkKeys.readDriverKeys(file.toPath(), RedisConfig.class);
    }
}
