package io.brokerbench.measurement;

/**
 * Counters summed over all workers at one moment: totals since the load started. Recording CPU:
 * what taking the metrics cost, the workers' samplers and the coordinator's series together. Aborted:
 * sends the driver aborted on purpose, neither acknowledged nor failed, and never expected at a consumer
 * that reads only committed data.
 */
public record RunTotals(long sent, long acked, long publishErrors, long received, double processCpuSeconds,
        double loadThreadCpuSeconds, double recordingCpuSeconds, long nanoTime, long aborted) {

    public static final RunTotals ZERO = new RunTotals(0, 0, 0, 0, 0, 0, 0, 0, 0);

    public RunTotals minus(RunTotals earlier) {
        return new RunTotals(sent - earlier.sent, acked - earlier.acked, publishErrors - earlier.publishErrors,
                received - earlier.received, processCpuSeconds - earlier.processCpuSeconds,
                loadThreadCpuSeconds - earlier.loadThreadCpuSeconds,
                recordingCpuSeconds - earlier.recordingCpuSeconds, nanoTime - earlier.nanoTime, aborted - earlier.aborted);
    }

    /** Messages handed to a driver whose send has neither been acknowledged, failed nor been aborted yet. */
    public long unacknowledged() {
        return sent - acked - publishErrors - aborted;
    }

    public double seconds() {
        return nanoTime / 1e9;
    }
}
