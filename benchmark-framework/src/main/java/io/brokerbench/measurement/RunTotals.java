package io.brokerbench.measurement;

/**
 * Counters summed over all workers at one moment: totals since the load started. Recording CPU:
 * what taking the metrics cost, the workers' samplers and the coordinator's series together. Aborted:
 * sends the driver aborted on purpose, neither acknowledged nor failed, and never expected at a consumer
 * that reads only committed data. Retried: sends the client libraries retried on their own
 * ({@link io.brokerbench.driver.ClientMetrics#RETRIED_SENDS}); {@link #NOT_COUNTED} where no worker's
 * client counts them (a driver that does not, or a run without client metrics).
 */
public record RunTotals(long sent, long acked, long publishErrors, long received, double processCpuSeconds,
        double loadThreadCpuSeconds, double recordingCpuSeconds, long nanoTime, long aborted, long retried) {

    public static final long NOT_COUNTED = -1;

    public static final RunTotals ZERO = new RunTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, NOT_COUNTED);

    public RunTotals minus(RunTotals earlier) {
        return new RunTotals(sent - earlier.sent, acked - earlier.acked, publishErrors - earlier.publishErrors,
                received - earlier.received, processCpuSeconds - earlier.processCpuSeconds,
                loadThreadCpuSeconds - earlier.loadThreadCpuSeconds,
                recordingCpuSeconds - earlier.recordingCpuSeconds, nanoTime - earlier.nanoTime, aborted - earlier.aborted,
                // the first count is all retries so far: a client's count starts at 0 with the client
                retried == NOT_COUNTED ? NOT_COUNTED : retried - Math.max(0, earlier.retried));
    }

    /** Whether the clients count their retries. */
    public boolean retriesCounted() {
        return retried != NOT_COUNTED;
    }

    /** Messages handed to a driver whose send has neither been acknowledged, failed nor been aborted yet. */
    public long unacknowledged() {
        return sent - acked - publishErrors - aborted;
    }

    public double seconds() {
        return nanoTime / 1e9;
    }
}
