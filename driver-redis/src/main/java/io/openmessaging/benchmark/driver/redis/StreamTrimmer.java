package io.openmessaging.benchmark.driver.redis;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.driver.support.RetryStreak;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.XTrimParams;
import redis.clients.jedis.resps.StreamGroupInfo;
import redis.clients.jedis.util.Pool;

/**
 * Removes from each stream the entries every consumer group has been handed ({@code trimConsumed}):
 * once a second, {@code XTRIM MINID ~} the lowest last-delivered id over the stream's groups. Redis
 * keeps streams in memory, so without it a run at a high byte rate fills the machine's memory (a
 * 65 KB maximum-rate run reached 23 GB here) whatever the consumers have read.
 *
 * <p>Safe for this harness's consumers: an entry is only trimmed once each group has handed it to a
 * member, which holds it until it has delivered and acknowledged it, and nothing here re-reads a
 * pending entry. A group is created with its subscription's first consumer, before any message is
 * published, so a later group would only miss what is trimmed if consumers were created mid-run.
 * Streams with no group are left alone: nothing has read them.
 *
 * <p>Threads: {@link #watch} from any thread; one daemon thread of its own does the trimming, with a
 * connection of its own taken from the pool while it runs; {@link #close} stops it and trims once more.
 */
final class StreamTrimmer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamTrimmer.class);
    static final Duration INTERVAL = Duration.ofSeconds(1);

    private final Pool<Jedis> pool;
    private final Set<String> streams = ConcurrentHashMap.newKeySet();
    private final AtomicLong trimmed = new AtomicLong();
    private final RetryStreak failures = new RetryStreak("redis stream trimmer", log::warn, System::nanoTime);
    private final Thread thread;
    private volatile boolean closed;

    StreamTrimmer(Pool<Jedis> pool) {
        this.pool = pool;
        this.thread = new Thread(this::trimLoop, "redis-stream-trimmer");
        thread.setDaemon(true);
        thread.start();
    }

    /** From now on, trims these streams. */
    void watch(List<String> keys) {
        streams.addAll(keys);
    }

    /** Entries removed so far, over all streams. */
    long trimmed() {
        return trimmed.get();
    }

    private void trimLoop() {
        Jedis jedis = null;
        while (!closed) {
            try {
                TimeUnit.MILLISECONDS.sleep(INTERVAL.toMillis());
                if (streams.isEmpty()) {
                    continue;
                }
                if (jedis == null) {
                    jedis = pool.getResource();
                }
                for (String stream : streams) {
                    trimmed.addAndGet(trim(jedis, stream));
                }
                failures.succeeded();
            } catch (InterruptedException e) {
                break;
            } catch (RuntimeException e) {
                if (closed) {
                    break;
                }
                if (e instanceof JedisConnectionException && jedis != null) {
                    jedis.close();
                    jedis = null;
                }
                failures.failed(e);
            }
        }
        if (jedis != null) {
            jedis.close();
        }
    }

    /**
     * Trims one stream to the lowest id its groups have been handed; returns the entries removed. An
     * approximate XTRIM removes at most 100 nodes' worth a call (10,000 entries by default), less than
     * a second of a maximum-rate run of small messages, so it is repeated until nothing more goes;
     * each call stays short, so other clients are served in between.
     */
    static long trim(Jedis jedis, String stream) {
        List<StreamGroupInfo> groups = jedis.xinfoGroups(stream);
        StreamEntryID lowest = null;
        for (StreamGroupInfo group : groups) {
            StreamEntryID delivered = group.getLastDeliveredId();
            if (lowest == null || delivered.compareTo(lowest) < 0) {
                lowest = delivered;
            }
        }
        if (lowest == null || lowest.equals(new StreamEntryID(0, 0))) {
            return 0;
        }
        // MINID keeps the entry with the id itself; "~" removes whole nodes only, which is cheap
        XTrimParams below = XTrimParams.xTrimParams().minId(lowest.toString()).approximateTrimming();
        long removed = 0;
        for (long call = jedis.xtrim(stream, below); call > 0; call = jedis.xtrim(stream, below)) {
            removed += call;
        }
        return removed;
    }

    /**
     * Stops trimming, after one last round once the consumers are closed (call it after them): their
     * groups' positions are final then, and the last second's entries would otherwise stay in the
     * server's memory for the rest of its life.
     */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(10));
        if (streams.isEmpty()) {
            return;
        }
        try (Jedis jedis = pool.getResource()) {
            for (String stream : streams) {
                trimmed.addAndGet(trim(jedis, stream));
            }
        } catch (RuntimeException e) {
            log.warn("redis stream trimmer: the last round failed, entries read may stay in memory: {}", OneLine.of(e));
        }
    }
}
