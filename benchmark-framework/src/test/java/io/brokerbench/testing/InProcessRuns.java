package io.brokerbench.testing;

import io.brokerbench.measurement.HistogramSink;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.run.BenchmarkRun;
import io.brokerbench.run.RunClock;
import io.brokerbench.run.RunControl;
import io.brokerbench.run.RunOptions;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.Payloads;
import io.brokerbench.workload.Workload;
import java.time.Instant;
import java.util.List;

/** A whole run through the real coordinator on one worker, with default options. */
public final class InProcessRuns {

    private InProcessRuns() {
    }

    public static RunRecord run(Workload workload, DriverSetup driver, Worker worker) {
        return run(workload, driver, worker, HistogramSink.NONE);
    }

    /** {@link #run}, its raw latency histograms handed to {@code histograms} as they are measured. */
    public static RunRecord run(Workload workload, DriverSetup driver, Worker worker, HistogramSink histograms) {
        RunRecord record = new RunRecord(workload, "w.yaml", driver, Instant.now());
        record.histograms(histograms);
        return new BenchmarkRun(record, Payloads.of(workload), List.of(worker), RunOptions.defaults(), new RunControl(),
                new CollectingListener(), RunClock.SYSTEM).execute();
    }
}
