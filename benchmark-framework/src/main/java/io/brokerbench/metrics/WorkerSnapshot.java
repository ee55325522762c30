package io.brokerbench.metrics;

import io.brokerbench.stats.LatencyHistograms;

/**
 * One worker's measurements: the latency histograms of the interval since the previous snapshot,
 * and running totals since its load started (totals, not deltas, so a snapshot lost in transit
 * loses no counts). CPU: the whole worker process (clients included), and the load threads alone
 * (the harness's own cost of publishing). The sample: the JVM, client and driver statistics
 * ({@link io.brokerbench.metrics.WorkerSampler}). The load failure: empty while the load threads run
 * (or ended when asked to), else why one died, and with it the run ({@code LoadThreads#failure}); never
 * null, as the wire refuses nulls. Aborted: sends the driver aborted on purpose (neither acknowledged
 * nor failed).
 */
public record WorkerSnapshot(
        LatencyHistograms interval,
        long sentTotal,
        long ackedTotal,
        long publishErrorsTotal,
        long receivedTotal,
        double processCpuSecondsTotal,
        double loadThreadCpuSecondsTotal,
        WorkerSample sample,
        String loadFailure,
        long abortedTotal) {
}
