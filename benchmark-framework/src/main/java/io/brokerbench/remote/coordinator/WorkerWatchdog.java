package io.brokerbench.remote.coordinator;

import io.brokerbench.driver.support.OneLine;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Pings every worker once a second while a run lasts, each on its own thread so one hung worker
 * cannot delay the others. A worker with no successful ping for {@link #DEAD_AFTER} is declared
 * lost, which ends the run: a worker that dies or hangs is noticed within DEAD_AFTER plus one ping
 * period plus one ping timeout (5 s), whatever the coordinator is doing. The pings also renew the
 * workers' leases, and a worker that answers that it no longer serves the run is lost at once
 * ({@link HttpWorker#ping}).
 */
public final class WorkerWatchdog implements AutoCloseable {

    static final Duration PERIOD = Duration.ofSeconds(1);
    static final Duration DEAD_AFTER = Duration.ofSeconds(3);
    static final Duration PING_TIMEOUT = Duration.ofSeconds(1);

    private final List<HttpWorker> workers;
    private final Map<HttpWorker, Long> lastAnswerNanos = new ConcurrentHashMap<>();
    private final Map<HttpWorker, String> lastError = new ConcurrentHashMap<>();
    private final Set<HttpWorker> pinging = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService ticker;
    private final ExecutorService pingers;

    public WorkerWatchdog(List<HttpWorker> workers) {
        this.workers = List.copyOf(workers);
        long now = System.nanoTime();
        workers.forEach(w -> lastAnswerNanos.put(w, now));
        this.ticker = Executors.newSingleThreadScheduledExecutor(daemon("brokerbench-watchdog"));
        this.pingers = Executors.newFixedThreadPool(Math.max(1, workers.size()), daemon("brokerbench-ping"));
        ticker.scheduleAtFixedRate(this::tick, PERIOD.toMillis(), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tick() {
        long now = System.nanoTime();
        for (HttpWorker worker : workers) {
            if (worker.lost()) {
                continue;
            }
            long silent = now - lastAnswerNanos.get(worker);
            if (silent > DEAD_AFTER.toNanos()) {
                worker.declareLost(String.format("no answer for %.1f s (%s)", silent / 1e9,
                        lastError.getOrDefault(worker, "no reply")));
                continue;
            }
            if (pinging.add(worker)) { // a ping still waiting for its answer is not doubled
                pingers.execute(() -> ping(worker));
            }
        }
    }

    private void ping(HttpWorker worker) {
        try {
            worker.ping(PING_TIMEOUT);
            lastAnswerNanos.put(worker, System.nanoTime());
        } catch (Exception e) {
            lastError.put(worker, OneLine.of(e));
        } finally {
            pinging.remove(worker);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        pingers.shutdownNow();
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
