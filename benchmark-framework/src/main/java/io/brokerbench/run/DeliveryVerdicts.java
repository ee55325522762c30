package io.brokerbench.run;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.DeliveryVerifier;
import io.brokerbench.delivery.PhaseVerifier;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.measurement.CountedCompletion;
import io.brokerbench.measurement.ProducerTotals;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.stats.LatencyHistograms;
import java.util.List;

/**
 * The end of a run: compares what producers were due to send with what consumers received, one
 * verdict per subscription (and one per rate phase, for a phased workload), and turns every message that never completed into a censored latency
 * sample in the aggregate. Messages too small for the header carry no sequence numbers: no verdicts.
 * A count-bounded run also gets its publish and consume times from the same tallies.
 */
final class DeliveryVerdicts {

    private DeliveryVerdicts() {
    }

    /**
     * @param loadStartEpochMicros when the load started: a count-bounded run's times count from it
     * @param endEpochMicros when the run stopped waiting for messages: the censored samples' end
     * @return what every consumer received, as the workers reported it
     */
    static List<ConsumerDelivery> judge(WorkerGroup workers, RunRecord record, long loadStartEpochMicros,
            long endEpochMicros) {
        List<ProducerTally> tallies = workers.producerTallies();
        List<ConsumerDelivery> deliveries = workers.consumerDeliveries();
        LatencyHistograms censoredSamples = new LatencyHistograms();
        CensoredLatencies censored = new CensoredLatencies(endEpochMicros, censoredSamples);
        censored.addPublishSide(tallies);
        long foreign = deliveries.stream().mapToLong(ConsumerDelivery::foreign).sum();
        long negative = deliveries.stream().mapToLong(ConsumerDelivery::negativeLatencies).sum();
        // a consumer-only run's messages are not its producers': there is nothing to check them against
        List<SubscriptionVerdict> verdicts = record.workload().smallestMessageSize() >= MessageHeader.SIZE
                && !record.workload().isConsumerOnly()
                ? DeliveryVerifier.verify(tallies, deliveries, censored)
                : List.of();
        record.verdicts(verdicts, foreign, negative);
        if (!verdicts.isEmpty() && !record.ratePhases().isEmpty()) {
            int[] firstChanges = record.ratePhases().stream().mapToInt(RatePhaseSummary::firstRateChange).toArray();
            record.ratePhaseVerdicts(PhaseVerifier.verify(tallies, deliveries, firstChanges));
        }
        record.producers(ProducerTotals.of(tallies), censored.samples());
        record.aggregated().add(censoredSamples);
        record.histograms().censored((endEpochMicros - loadStartEpochMicros) / 1e6, censoredSamples);
        if (record.workload().isCountBounded()) {
            record.completion(CountedCompletion.of(record.workload().testMessages(),
                    record.workload().subscriptionsPerTopic(), loadStartEpochMicros, tallies, deliveries));
        }
        return deliveries;
    }
}
