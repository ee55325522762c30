package io.brokerbench.worker;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.load.PacedProducer;
import io.brokerbench.load.PublishLoop;
import io.brokerbench.logging.LogMarkers;
import io.brokerbench.metrics.CpuTime;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.PublishStats;
import io.brokerbench.time.NanoClock;
import io.brokerbench.time.ParkingIdler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads that publish: a worker's producers dealt round-robin over at most {@code limit}
 * threads (one per core by default), each running a {@link PublishLoop} over its producers and
 * recording into a {@link PublishStats} of its own, so producers of one thread share a recorder
 * that no other load thread writes.
 *
 * <p>A load thread ended by an {@link Error} from a driver (a class missing from its jar, the heap
 * exhausted) is kept as the cause of {@link #failure()}: without it the run would go on publishing
 * nothing and call that a measurement.
 */
final class LoadThreads {

    private static final Logger LOG = LoggerFactory.getLogger(LoadThreads.class);

    /** How long a load thread may take to return from its current send once asked to stop. */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final List<PublishStats> stats = new ArrayList<>();
    private final List<PublishLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    /**
     * Per thread, its CPU time (ns) as it ended, or -1 while it runs: the JVM forgets an ended
     * thread's CPU time, and without this the load threads' CPU over a phase in which one ended
     * (asked to, or killed by an error) would come out negative.
     */
    private final AtomicLongArray endedCpuNanos;
    /** The most CPU time each thread was seen to have used. */
    private final AtomicLongArray seenCpuNanos;
    /** The first load thread to die and what killed it; set on that thread, read by whoever takes snapshots. */
    private Thread deadThread;
    private Throwable causeOfDeath;

    /** Threads for {@code producers} producers, at most {@code limit}; none for none. */
    LoadThreads(int producers, int limit) {
        for (int t = 0; t < Math.min(producers, limit); t++) {
            stats.add(new PublishStats());
        }
        endedCpuNanos = new AtomicLongArray(stats.size());
        seenCpuNanos = new AtomicLongArray(stats.size());
    }

    /** The recorder of the thread that will run producer {@code index}. */
    PublishStats statsOf(int index) {
        return stats.get(index % stats.size());
    }

    /** Starts the threads, producer {@code i} on thread {@code i % threads}. */
    void start(List<PacedProducer> producers, NanoClock clock) {
        if (!threads.isEmpty()) {
            throw new IllegalStateException("load already running");
        }
        for (int t = 0; t < stats.size(); t++) {
            List<PacedProducer> own = new ArrayList<>();
            for (int i = t; i < producers.size(); i += stats.size()) {
                own.add(producers.get(i));
            }
            PublishLoop loop = new PublishLoop("load-" + t, own, clock, new ParkingIdler());
            int slot = t;
            endedCpuNanos.set(slot, -1);
            seenCpuNanos.set(slot, 0);
            Thread thread = new Thread(() -> {
                try {
                    loop.run();
                } finally {
                    // allocates nothing: also after an OutOfMemoryError
                    endedCpuNanos.set(slot, CpuTime.currentThreadNanos());
                }
            }, "brokerbench-" + loop.name());
            thread.setDaemon(true);
            thread.setUncaughtExceptionHandler(this::died);
            loops.add(loop);
            threads.add(thread);
            thread.start();
        }
    }

    /**
     * Stops publishing and waits for the threads to finish their current message. A thread still
     * inside the driver's {@code sendAsync} after {@link #STOP_GRACE} (a client blocked on a full
     * buffer while its broker is down) is interrupted, which the clients answer by failing that send.
     */
    void stop() throws InterruptedException {
        loops.forEach(PublishLoop::stop);
        for (Thread thread : threads) {
            thread.join(STOP_GRACE.toMillis());
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(STOP_GRACE.toMillis());
            }
        }
    }

    /**
     * Runs on the dying load thread. Keeps the first death before anything else, allocating nothing,
     * as an {@link OutOfMemoryError} may leave no heap even for the log line that follows.
     */
    private void died(Thread thread, Throwable error) {
        synchronized (this) {
            if (causeOfDeath == null) {
                deadThread = thread;
                causeOfDeath = error;
            }
        }
        // the trace is what a report of the driver's (or this harness's) bug needs
        LOG.error(LogMarkers.STACK_TRACE, "load thread {} died: its producers publish no more", thread.getName(), error);
    }

    /** Why a load thread died, as one line, or empty while every thread runs or ended when asked to. */
    synchronized Optional<String> failure() {
        return causeOfDeath == null ? Optional.empty()
                : Optional.of("load thread " + deadThread.getName() + " died of " + OneLine.of(causeOfDeath));
    }

    /** Ends the idling of every thread, so a change of rate is seen at once rather than at the next due message. */
    void wake() {
        threads.forEach(LockSupport::unpark);
    }

    /** Moves what the threads recorded since the last call into {@code into}. */
    void drainInto(LatencyHistograms into) {
        stats.forEach(s -> s.drainInto(into));
    }

    long publishErrorsTotal() {
        return stats.stream().mapToLong(PublishStats::errorsTotal).sum();
    }

    long publishAbortedTotal() {
        return stats.stream().mapToLong(PublishStats::abortedTotal).sum();
    }

    boolean started() {
        return !threads.isEmpty();
    }

    /** CPU time the load threads have used, those that ended included; called under the same lock as {@link #start}. */
    double cpuSeconds() {
        long nanos = 0;
        for (int t = 0; t < threads.size(); t++) {
            long ended = endedCpuNanos.get(t);
            long now = ended >= 0 ? ended : CpuTime.threadNanos(threads.get(t));
            // the thread's own clock at its end and another thread's reading of it while it ran can differ
            // by microseconds: the total never goes back, or an interval would show negative CPU
            nanos += seenCpuNanos.accumulateAndGet(t, now, Math::max);
        }
        return nanos / 1e9;
    }
}
