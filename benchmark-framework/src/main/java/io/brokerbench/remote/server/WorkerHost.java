package io.brokerbench.remote.server;

import io.brokerbench.logging.ClientLogSummary;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.time.NanoClock;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.LocalWorker;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker process's state: one {@link LocalWorker} at a time, serving the one run that holds the
 * {@link RunLease}. Every driver setup starts from a fresh LocalWorker (initializing a driver
 * discards whatever the run set up before), and when the run's lease ends — its coordinator closes
 * the worker, or goes silent for longer than the lease — the worker stops its load and resets
 * itself, so a coordinator that dies does not leave producers publishing forever.
 */
public final class WorkerHost implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerHost.class);

    private final RunLease lease;
    private final NanoClock clock;
    private final WorkerMetrics metrics;
    private final ScheduledExecutorService leaseCheck;
    /** Driver setups run one at a time: concurrent ones would each discard the other's half-set-up worker. */
    private final Object setupLock = new Object();
    private LocalWorker worker = new LocalWorker();
    private boolean driverInitialized;
    private boolean closed;
    private volatile boolean loadRunning;

    public WorkerHost(Duration lease, WorkerMetrics metrics) {
        this.clock = NanoClock.SYSTEM;
        this.lease = new RunLease(lease, clock);
        this.metrics = metrics;
        this.leaseCheck = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "brokerbench-lease");
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.max(100, Math.min(1000, lease.toMillis() / 4));
        leaseCheck.scheduleAtFixedRate(this::expireLease, period, period, TimeUnit.MILLISECONDS);
    }

    /** Who holds this worker; requests check and renew it before they reach {@link #current()}. */
    public RunLease lease() {
        return lease;
    }

    private void expireLease() {
        LocalWorker old;
        synchronized (this) {
            if (!lease.endIfSilent()) {
                return;
            }
            old = replaceWorker(new LocalWorker());
        }
        LOG.warn("no request from the coordinator for {} s: stopping the load and resetting", lease.length().toSeconds());
        closeAndSummarise(old);
    }

    /** The worker of the current run; requests call it outside this object's lock. */
    public synchronized LocalWorker current() {
        return worker;
    }

    /**
     * Claims the worker for {@code run} (refused at once while another run holds it), then, one setup
     * at a time, discards what the run set up before and sets up the driver on a fresh worker.
     */
    public void initializeDriver(String run, DriverSetup setup) throws IOException, InterruptedException {
        lease.claim(run);
        synchronized (setupLock) {
            LocalWorker fresh = new LocalWorker();
            LocalWorker old;
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException("worker shutting down");
                }
                lease.check(run); // the lease may have ended while this setup waited for an earlier one
                old = replaceWorker(fresh);
            }
            old.close();
            try {
                fresh.initializeDriver(setup);
            } catch (IOException | InterruptedException | RuntimeException e) {
                // a failed setup leaves nothing behind: the next request finds an empty worker
                discard(fresh);
                throw e;
            }
            synchronized (this) {
                driverInitialized = worker == fresh;
            }
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

    /**
     * The coordinator of {@code run} is done: stops the load, closes the driver and frees the worker.
     * Nothing to do when no run holds it.
     *
     * @throws RunLease.NotOwner when another run holds it
     */
    public void release(String run) {
        LocalWorker old;
        synchronized (this) {
            if (!lease.end(run, "closed by its coordinator")) {
                return;
            }
            old = replaceWorker(new LocalWorker());
        }
        closeAndSummarise(old);
    }

    /** Ends the run the worker serves, if any, and starts over with an empty worker. */
    public void reset(String why) {
        LocalWorker old;
        synchronized (this) {
            lease.endAny(why);
            old = replaceWorker(new LocalWorker());
        }
        closeAndSummarise(old);
    }

    private void discard(LocalWorker failed) {
        synchronized (this) {
            if (worker == failed) {
                replaceWorker(new LocalWorker());
            }
        }
        closeAndSummarise(failed);
    }

    /** Closes a run's worker, then says what its client libraries repeated (one line per kind). */
    private static void closeAndSummarise(LocalWorker old) {
        old.close();
        // each line its own message: one format for all would make the repeat filter hold back all but the first
        ClientLogSummary.drain().forEach(LOG::warn);
    }

    /** Swaps in {@code fresh}; the caller closes the returned worker outside this object's lock. */
    private LocalWorker replaceWorker(LocalWorker fresh) {
        LocalWorker old = worker;
        worker = fresh;
        driverInitialized = false;
        loadRunning = false;
        return old;
    }

    @Override
    public void close() {
        leaseCheck.shutdownNow();
        synchronized (this) {
            closed = true;
        }
        reset("the worker shut down");
    }
}
