package io.brokerbench.run;

import io.brokerbench.delivery.DeliveryVerifier;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.stats.LatencyHistograms;
import io.brokerbench.stats.Metric;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Messages that never completed enter the latencies measured from the intended send time as
 * censored samples, valued at the time from their intended send to the end of the run: their true
 * latency is at least that. Without them a broker outage is invisible in every percentile, because
 * the messages it affected never produce a sample (coordinated omission by failure).
 *
 * <ul>
 *   <li>due but never sent: publish delay and publish latency from intended time, exact intended
 *       times from the producer's schedule;</li>
 *   <li>sent but never acknowledged: publish latency from intended time, valued as if they were the
 *       producer's latest sends (which unacknowledged messages usually are): a lower bound;</li>
 *   <li>never received by a subscription (lost, failed, unsent): end-to-end latency from intended
 *       time, once per subscription.</li>
 * </ul>
 * An unpaced producer has no schedule: its messages are valued from its last send, a lower bound.
 * Failed sends were already recorded by the worker, valued at the time of the failure.
 */
final class CensoredLatencies implements DeliveryVerifier.MissingMessages {

    /** Values closer than this fraction fall in one bucket of a 3-digit histogram: record them as one. */
    private static final double SAME_BUCKET = 0.0005;

    private final long endEpochMicros;
    private final LatencyHistograms into;
    private long samples;

    /**
     * @param endEpochMicros when the run stopped waiting for messages
     * @param into where the samples go (the run's aggregate)
     */
    CensoredLatencies(long endEpochMicros, LatencyHistograms into) {
        this.endEpochMicros = endEpochMicros;
        this.into = into;
    }

    /** Publish-side samples: messages due but unsent, and sent but unacknowledged. */
    void addPublishSide(List<ProducerTally> producers) {
        for (ProducerTally producer : producers) {
            if (producer.unsent() > 0) {
                record(Metric.PUBLISH_DELAY, producer, producer.sent(), producer.due());
                record(Metric.PUBLISH_LATENCY_FROM_INTENDED, producer, producer.sent(), producer.due());
            }
            long unacknowledged = Math.min(producer.unacknowledged(), producer.sent());
            if (unacknowledged > 0) {
                record(Metric.PUBLISH_LATENCY_FROM_INTENDED, producer, producer.sent() - unacknowledged, producer.sent());
            }
        }
    }

    @Override
    public void missing(ProducerTally producer, long fromSequence, long toSequence) {
        record(Metric.END_TO_END_FROM_INTENDED, producer, fromSequence, toSequence);
    }

    /** How many censored samples were recorded, over all metrics. */
    long samples() {
        return samples;
    }

    /** Records messages [from, to) of {@code producer}: end − intended time, latest intended first. */
    private void record(Metric metric, ProducerTally producer, long from, long to) {
        Histogram histogram = into.get(metric);
        long count = to - from;
        samples += count;
        if (!producer.paced()) {
            histogram.recordValueWithCount(Math.max(0, endEpochMicros - producer.intendedEpochMicros(from)), count);
            return;
        }
        double stepMicros = producer.periodNanos() / 1_000;
        long n = to - 1;
        while (n >= from) {
            long value = Math.max(0, endEpochMicros - producer.intendedEpochMicros(n));
            // consecutive messages differ by one period: record runs that share a histogram bucket at once
            long run = Math.max(1, Math.min(n - from + 1, (long) (value * SAME_BUCKET / stepMicros)));
            long middle = Math.max(0, endEpochMicros - producer.intendedEpochMicros(n - run / 2));
            histogram.recordValueWithCount(middle, run);
            n -= run;
        }
    }
}
