package io.brokerbench.localbroker.redis;

import java.util.function.Function;
import java.util.function.Predicate;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One question to one server of a local group, on a connection of its own to the node: how the
 * launcher polls for readiness and reads what the group reports. A second bounds every connect and
 * reply, so a server that hangs slows a poll by a second rather than stopping it.
 */
final class RedisProbe {

    private static final int TIMEOUT_MS = 1_000;

    private RedisProbe() {
    }

    /** What {@code question} returns on the server (or sentinel) {@code node}; a failure is a {@link JedisException}. */
    static <T> T ask(RedisNode node, String password, Function<Jedis, T> question) {
        DefaultJedisClientConfig config = DefaultJedisClientConfig.builder()
                .password(password)
                .connectionTimeoutMillis(TIMEOUT_MS)
                .socketTimeoutMillis(TIMEOUT_MS)
                .build();
        try (Jedis jedis = new Jedis(new HostAndPort(node.host(), node.port()), config)) {
            return question.apply(jedis);
        }
    }

    /** Whether {@code condition} holds now; a server that does not answer (yet) does not meet it. */
    static boolean holds(RedisNode node, String password, Predicate<Jedis> condition) {
        try {
            return ask(node, password, condition::test);
        } catch (JedisException notYet) {
            return false;
        }
    }
}
