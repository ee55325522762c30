package io.brokerbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * What the producers of one load thread measure. Message counts are the histograms' counts (every
 * sent message records a publish delay, every acknowledged one a publish latency), so the hot path
 * keeps no separate counters.
 *
 * <p>Three recorders, by writer. The load thread records the send, and also the acknowledgement
 * when the driver completed the future before {@code sendAsync} returned (all three values in one
 * critical section): a recorder of its own. Acknowledgements and failures completed later arrive
 * on the client library's threads, several at once (a client may complete each producer's futures on
 * that producer's own I/O thread), so those go to {@link PerThreadRecorder}s, which give each writing
 * thread histograms of its own.
 */
public final class PublishStats {

    private static final int DELAY = 0;
    private static final int LATENCY = 1;
    private static final int FROM_INTENDED = 2;

    private final PhasedRecorder loadThread = new PhasedRecorder(3);
    private final PerThreadRecorder driverThreads = new PerThreadRecorder(2);
    private final PerThreadRecorder failures = new PerThreadRecorder(1);
    private final LongAdder errors = new LongAdder();
    private final LongAdder aborted = new LongAdder();

    /** On the load thread, for a message whose acknowledgement is still to come: t_s − t_i. */
    public void recordSend(long delayMicros) {
        loadThread.record(delayMicros);
    }

    /** On the load thread, for a message acknowledged within sendAsync: t_s − t_i, t_a − t_s, t_a − t_i. */
    public void recordSendAndAck(long delayMicros, long latencyMicros, long fromIntendedMicros) {
        loadThread.record(delayMicros, latencyMicros, fromIntendedMicros);
    }

    /** On any thread, at acknowledgement: t_a − t_s and t_a − t_i. */
    public void recordAck(long latencyMicros, long fromIntendedMicros) {
        driverThreads.record(latencyMicros, fromIntendedMicros);
    }

    /**
     * On any thread, when a send failed: the message was never acknowledged, so its latency from
     * the intended time is at least the time until the failure was known (a censored sample: it
     * keeps an outage visible in the percentiles instead of dropping the message from them).
     */
    public void recordFailure(long failedAfterIntendedMicros) {
        errors.increment();
        failures.record(failedAfterIntendedMicros);
    }

    /**
     * On any thread, when the driver aborted a send on purpose (a transaction it was asked to abort):
     * neither acknowledged nor failed, so no latency, only the count that tells it from a send still
     * awaiting its acknowledgement.
     */
    public void recordAborted() {
        aborted.increment();
    }

    /** Moves what was recorded since the last call into {@code into}. Called by one reader thread. */
    public void drainInto(LatencyHistograms into) {
        Histogram[] inline = loadThread.takeInterval();
        into.add(Metric.PUBLISH_DELAY, inline[DELAY]);
        into.add(Metric.PUBLISH_LATENCY, inline[LATENCY]);
        into.add(Metric.PUBLISH_LATENCY_FROM_INTENDED, inline[FROM_INTENDED]);
        driverThreads.takeIntervals(later -> {
            into.add(Metric.PUBLISH_LATENCY, later[0]);
            into.add(Metric.PUBLISH_LATENCY_FROM_INTENDED, later[1]);
        });
        failures.takeIntervals(failed -> into.add(Metric.PUBLISH_LATENCY_FROM_INTENDED, failed[0]));
    }

    public long errorsTotal() {
        return errors.sum();
    }

    public long abortedTotal() {
        return aborted.sum();
    }
}
