package io.brokerbench.remote.coordinator;

import io.brokerbench.measurement.RunRecord;
import io.brokerbench.measurement.WorkerEntry;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import java.util.Optional;

/**
 * End-to-end latency subtracts a producing host's send time from a consuming host's receive time,
 * so the offset between their clocks adds to every sample. When that offset is large next to the
 * latency measured, the latency says more about the clocks than about the broker.
 */
public final class ClockSkewCheck {

    /** Offsets above this share of the median end-to-end latency (beyond the estimates' uncertainty) are reported. */
    static final double TOLERATED_SHARE = 0.1;

    private ClockSkewCheck() {
    }

    public static Optional<String> warning(RunRecord record) {
        long medianMicros = (long) Percentile.P50.of(record.aggregated().get(Metric.END_TO_END));
        return warning(record, medianMicros);
    }

    static Optional<String> warning(RunRecord record, long medianEndToEndMicros) {
        WorkerEntry worstProducer = null;
        WorkerEntry worstConsumer = null;
        long worst = -1;
        long worstExcess = Long.MIN_VALUE;
        for (WorkerEntry producer : record.workers()) {
            for (WorkerEntry consumer : record.workers()) {
                if (producer == consumer || !produces(producer) || !consumes(consumer)
                        || producer.getClockOffsetMicros() == null || consumer.getClockOffsetMicros() == null) {
                    continue;
                }
                long skew = Math.abs(producer.getClockOffsetMicros() - consumer.getClockOffsetMicros());
                // only what the estimates can tell apart from zero counts
                long excess = skew - producer.getClockUncertaintyMicros() - consumer.getClockUncertaintyMicros();
                if (excess > worstExcess) {
                    worstExcess = excess;
                    worst = skew;
                    worstProducer = producer;
                    worstConsumer = consumer;
                }
            }
        }
        if (worstProducer == null || medianEndToEndMicros <= 0 || worstExcess <= TOLERATED_SHARE * medianEndToEndMicros) {
            return Optional.empty();
        }
        long uncertainty = worstProducer.getClockUncertaintyMicros() + worstConsumer.getClockUncertaintyMicros();
        return Optional.of(String.format("the clocks of producing worker %s and consuming worker %s differ by %,d µs"
                + " (± %,d µs), %.0f%% of the median end-to-end latency (%,d µs): end-to-end latencies carry that"
                + " error; synchronise the hosts' clocks (chrony, PTP)", worstProducer.getId(), worstConsumer.getId(),
                worst, uncertainty, 100.0 * worst / medianEndToEndMicros, medianEndToEndMicros));
    }

    private static boolean produces(WorkerEntry entry) {
        return entry.getRole() != null && entry.getRole().startsWith("producer");
    }

    private static boolean consumes(WorkerEntry entry) {
        return entry.getRole() != null && entry.getRole().endsWith("consumer");
    }
}
