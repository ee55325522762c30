package io.brokerbench.remote;

import io.brokerbench.logging.ClientLogSummary;
import io.brokerbench.time.NanoClock;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.LocalWorker;
import io.brokerbench.worker.WorkerSnapshot;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The worker process's state: one {@link LocalWorker} at a time, and a lease. Every run starts from
 * a fresh LocalWorker (initializing a driver discards whatever an aborted run left), and a worker
 * whose coordinator went silent for longer than the lease while a driver is set up stops its load
 * and resets itself, so a coordinator that dies does not leave producers publishing forever.
 */
public final class WorkerHost implements AutoCloseable {

    private final Duration lease;
    private final NanoClock clock;
    private final WorkerMetrics metrics;
    private final ScheduledExecutorService leaseCheck;
    private LocalWorker worker = new LocalWorker();
    private boolean driverInitialized;
    private volatile boolean loadRunning;
    private volatile long lastRequestNanos;

    public WorkerHost(Duration lease, WorkerMetrics metrics) {
        this.lease = lease;
        this.clock = NanoClock.SYSTEM;
        this.metrics = metrics;
        this.lastRequestNanos = clock.nanoTime();
        this.leaseCheck = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "brokerbench-lease");
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.max(100, Math.min(1000, lease.toMillis() / 4));
        leaseCheck.scheduleAtFixedRate(this::expireLease, period, period, TimeUnit.MILLISECONDS);
    }

    /** Any request from the coordinator renews the lease. */
    public void renewLease() {
        lastRequestNanos = clock.nanoTime();
    }

    private void expireLease() {
        if (clock.nanoTime() - lastRequestNanos <= lease.toNanos()) {
            return;
        }
        if (driverInitialized()) {
            System.err.println("worker: no request from the coordinator for " + lease.toSeconds()
                    + " s: stopping the load and resetting");
            reset();
        }
    }

    /** The worker of the current run; requests call it outside this object's lock. */
    public synchronized LocalWorker current() {
        return worker;
    }

    /** Discards any previous run's worker, then sets up the driver on a fresh one. */
    public void initializeDriver(DriverSetup setup) throws IOException, InterruptedException {
        LocalWorker fresh = resetTo(new LocalWorker());
        try {
            fresh.initializeDriver(setup);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // a failed setup leaves nothing behind: the next request finds an empty worker
            reset();
            throw e;
        }
        synchronized (this) {
            driverInitialized = worker == fresh;
        }
    }

    public void startLoad(LoadPlan plan) {
        current().startLoad(plan);
        loadRunning = true;
    }

    public void stopLoad() throws InterruptedException {
        current().stopLoad();
        loadRunning = false;
    }

    /** The one reader of the worker's recorders: the coordinator's pull, which also feeds Prometheus. */
    public WorkerSnapshot snapshot() {
        WorkerSnapshot snapshot = current().snapshot();
        metrics.record(snapshot, clock.nanoTime());
        return snapshot;
    }

    public boolean loadRunning() {
        return loadRunning;
    }

    public synchronized boolean driverInitialized() {
        return driverInitialized;
    }

    /** Stops the load, closes the driver and starts over with an empty worker. */
    public void reset() {
        resetTo(new LocalWorker());
    }

    private LocalWorker resetTo(LocalWorker fresh) {
        LocalWorker old;
        synchronized (this) {
            old = worker;
            worker = fresh;
            driverInitialized = false;
            loadRunning = false;
        }
        old.close();
        ClientLogSummary.drain().forEach(line -> System.err.println("worker: " + line));
        return fresh;
    }

    @Override
    public void close() {
        leaseCheck.shutdownNow();
        reset();
    }
}
