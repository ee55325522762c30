package io.brokerbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * What the producers of one load thread measure. The send side is written by the load thread, the
 * acknowledgement side by whichever driver threads complete the futures. Message counts are the
 * histograms' counts (every sent message records a publish delay, every acknowledged one a publish
 * latency), so the hot path keeps no separate counters.
 */
public final class PublishStats {

    private final PhasedRecorder sent = new PhasedRecorder(1);
    private final PhasedRecorder acknowledged = new PhasedRecorder(2);
    private final LongAdder errors = new LongAdder();

    /** On the load thread, once per message: t_s − t_i. */
    public void recordSend(long delayMicros) {
        sent.record(delayMicros);
    }

    /** On acknowledgement: t_a − t_s and t_a − t_i. */
    public void recordAck(long latencyMicros, long fromIntendedMicros) {
        acknowledged.record(latencyMicros, fromIntendedMicros);
    }

    public void recordError() {
        errors.increment();
    }

    /** Moves what was recorded since the last call into {@code into}. */
    public void drainInto(LatencyHistograms into) {
        Histogram[] sendSide = sent.takeInterval();
        into.add(Metric.PUBLISH_DELAY, sendSide[0]);
        Histogram[] ackSide = acknowledged.takeInterval();
        into.add(Metric.PUBLISH_LATENCY, ackSide[0]);
        into.add(Metric.PUBLISH_LATENCY_FROM_INTENDED, ackSide[1]);
    }

    public long errorsTotal() {
        return errors.sum();
    }
}
