package io.brokerbench.it.redis;

import io.brokerbench.testing.DriverConformance;

/**
 * The Redis driver through whole benchmark runs against a local primary with 2 replicas and a sentinel,
 * each batch waiting for one replica (WAIT 1) and the primary found through the sentinel:
 * redis-replicated-wait-1.yaml.
 */
class RedisReplicatedConformanceIT extends DriverConformance {

    RedisReplicatedConformanceIT() {
        super("driver-redis/redis-replicated-wait-1.yaml");
    }
}
