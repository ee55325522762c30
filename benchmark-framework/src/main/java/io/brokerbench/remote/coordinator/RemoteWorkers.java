package io.brokerbench.remote.coordinator;

import io.brokerbench.config.ConfigException;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.WorkerEntry;
import io.brokerbench.run.FanOut;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunFailure;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.Worker;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The coordinator's side of one distributed run: connects to every worker (handshake, clock
 * offset), watches them while the run lasts, and turns a lost worker into a failed run — the run
 * stops, the other workers are reset, and the result names the worker and the time.
 */
public final class RemoteWorkers {

    private final List<HttpWorker> workers = new ArrayList<>();
    private final Map<String, ClockEstimate> clocks = new LinkedHashMap<>();
    private final RunControl control;
    private volatile RunRecord record;
    private WorkerWatchdog watchdog;

    private RemoteWorkers(RunControl control) {
        this.control = control;
    }

    /**
     * Handshakes with every worker and estimates its clock.
     *
     * @throws ConfigException on a protocol mismatch or a refused token
     * @throws DriverException when a worker cannot be reached
     */
    public static RemoteWorkers connect(List<URI> urls, String token, RunControl control, Consumer<String> note) {
        RemoteWorkers remote = new RemoteWorkers(control);
        // the run's id: each worker serves this run only, from initialize-driver until close
        String run = UUID.randomUUID().toString();
        for (URI url : urls) {
            remote.workers.add(new HttpWorker(url, token, run, remote::lost));
        }
        // all at once: one at a time, every worker's clock exchanges added up before the run could start
        List<ClockEstimate> estimates;
        try (FanOut fanOut = new FanOut("worker-handshake", remote.workers.size())) {
            estimates = fanOut.gather(remote.workers, worker -> {
                worker.handshake();
                return worker.estimateClock();
            });
        } catch (RunFailure e) {
            throw new DriverException(e.getMessage() + " (is bin/benchmark-worker running there?)");
        }
        for (int w = 0; w < remote.workers.size(); w++) {
            HttpWorker worker = remote.workers.get(w);
            ClockEstimate clock = estimates.get(w);
            remote.clocks.put(worker.id(), clock);
            note.accept(String.format("worker %s: clock offset %+d µs (± %d µs)", worker.id(),
                    clock.offsetMicros(), clock.uncertaintyMicros()));
        }
        return remote;
    }

    public List<Worker> workers() {
        return List.copyOf(workers);
    }

    /** Ties the run's record to the workers (clock offsets, failures) and starts watching them. */
    public void watch(RunRecord run) {
        this.record = run;
        for (HttpWorker worker : workers) {
            WorkerEntry entry = run.worker(worker.id());
            ClockEstimate clock = clocks.get(worker.id());
            if (entry != null && clock != null) {
                entry.clock(clock.offsetMicros(), clock.uncertaintyMicros());
            }
        }
        watchdog = new WorkerWatchdog(workers);
    }

    /** Stops watching: the run is over, a worker slow to close must not fail it afterwards. */
    public void stopWatching() {
        if (watchdog != null) {
            watchdog.close();
        }
    }

    private void lost(HttpWorker worker, Instant at, String reason) {
        RunRecord run = record;
        if (run != null && run.worker(worker.id()) != null) {
            run.worker(worker.id()).failed(at, reason);
        }
        control.fail(reason);
    }
}
