package io.openmessaging.benchmark.driver.redis;

import io.brokerbench.driver.support.OneLine;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;

/**
 * {@code WAIT numreplicas timeout} after each pipelined batch of XADDs, in the same round trip: the
 * server answers it once {@code replicas} replicas have acknowledged every write this connection made
 * before it, or once {@code timeoutMs} has passed, with how many had. A batch's sends complete only
 * when enough had; otherwise each fails saying how many did, so the harness counts them as failed
 * sends. The sender thread waits for the answer as it waits for the XADDs' own, so futures still
 * complete in order and no client I/O thread is held.
 *
 * @param replicas 0: no WAIT, a send completes once the primary has it
 */
record ReplicaWait(int replicas, int timeoutMs) {

    static ReplicaWait of(RedisConfig config) {
        return new ReplicaWait(config.waitForReplicas(), config.waitTimeoutMs());
    }

    /** Queues the WAIT behind the batch on {@code pipeline}; null when there is none to wait for. */
    Response<Long> request(Pipeline pipeline) {
        return replicas == 0 ? null : pipeline.waitReplicas(replicas, timeoutMs);
    }

    /**
     * Why the batch whose WAIT answered with {@code answer} must fail, or null when it may complete (also
     * when there was no WAIT).
     */
    RuntimeException shortfall(Response<Long> answer) {
        if (answer == null) {
            return null;
        }
        try {
            return shortfall(answer.get());
        } catch (JedisException e) {
            return new IllegalStateException("redis WAIT " + replicas + " " + timeoutMs + " failed: " + OneLine.message(e), e);
        }
    }

    /** Why a batch that {@code acknowledged} replicas hold must fail, or null when that is enough. */
    RuntimeException shortfall(long acknowledged) {
        if (acknowledged >= replicas) {
            return null;
        }
        return new IllegalStateException("redis WAIT " + replicas + " " + timeoutMs + ": " + acknowledged + " of "
                + replicas + " replicas acknowledged within " + timeoutMs + " ms (waitForReplicas, waitTimeoutMs)");
    }
}
