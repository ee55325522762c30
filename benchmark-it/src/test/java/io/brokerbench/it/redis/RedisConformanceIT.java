package io.brokerbench.it.redis;

import io.brokerbench.testing.DriverConformance;

/** The Redis Streams driver, through a whole benchmark run against a real local broker: redis-local.yaml. */
class RedisConformanceIT extends DriverConformance {

    RedisConformanceIT() {
        super("driver-redis/redis-local.yaml");
    }
}
