package io.brokerbench.testing;

import io.brokerbench.measurement.RunRecord;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.run.BenchmarkRun;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunListener;
import io.brokerbench.run.RunOptions;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Whole runs of a workload against one {@link SimulatedWorker} on a {@link ManualClock}: minutes of
 * load in milliseconds, with result files written as the command line writes them.
 */
public final class SimulatedRuns {

    private SimulatedRuns() {
    }

    /** One run against {@code worker} (set up as the test wants it), reporting to {@code listener}. */
    public static RunRecord run(Workload workload, SimulatedWorker worker, ManualClock clock, RunListener listener) {
        return run(workload, worker, clock, listener, new RunControl());
    }

    /** {@link #run}, stopped when {@code control} is asked to stop (as Ctrl-C asks). */
    public static RunRecord run(Workload workload, SimulatedWorker worker, ManualClock clock, RunListener listener,
            RunControl control) {
        DriverSetup driver = new DriverSetup("Simulated", "none", "", "simulated.yaml");
        RunRecord record = new RunRecord(workload, "workload.yaml", driver, Instant.now());
        RunOptions options = new RunOptions(Duration.ofSeconds(60), Duration.ofSeconds(10), 10_000);
        return new BenchmarkRun(record, Payloads.of(workload), List.of(worker), options, control, listener,
                clock).execute();
    }

    /** {@link #run} and its result written to {@code target}. */
    public static RunRecord runAndWrite(Workload workload, SimulatedWorker worker, ManualClock clock, Path target) {
        RunRecord record = run(workload, worker, clock, new CollectingListener());
        try {
            new ResultWriter().write(record, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return record;
    }
}
