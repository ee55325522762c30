package io.brokerbench.run;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.DeliveryByTime;
import io.brokerbench.delivery.DeliveryVerifier;
import io.brokerbench.delivery.PhaseVerifier;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.load.MessageHeader;
import io.brokerbench.measurement.CountedCompletion;
import io.brokerbench.measurement.ProducerTotals;
import io.brokerbench.measurement.RatePhaseSummary;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.result.model.FaultOutcome;
import io.brokerbench.result.model.FaultTick;
import io.brokerbench.stats.LatencyHistograms;
import java.util.ArrayList;
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
        if (!verdicts.isEmpty() && record.faults() != null) {
            DeliveryByTime.of(tallies, deliveries).ifPresent(byTime -> placeFaults(record, byTime));
        }
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

    /**
     * Each fault's window (from its start to the recovery, or to the end of the measured phase) and
     * each second of the measured phase, with what became of the messages intended in it.
     */
    private static void placeFaults(RunRecord record, DeliveryByTime byTime) {
        long from = record.faultsFromEpochMicros();
        List<FaultTick> timeline = record.faultTimeline();
        double measured = timeline.isEmpty() ? 0 : timeline.get(timeline.size() - 1).atSeconds();
        List<FaultOutcome> outcomes = new ArrayList<>();
        for (FaultOutcome fault : record.faults()) {
            if (fault.startedAtSeconds() == null) {
                outcomes.add(fault);
                continue;
            }
            double start = fault.startedAtSeconds();
            double end = fault.recoveredAfterSeconds() != null ? start + fault.recoveredAfterSeconds() : Math.max(start, measured);
            outcomes.add(fault.withDelivery(byTime.between(from + (long) (start * 1e6), from + (long) (end * 1e6))));
        }
        record.faultDelivery(outcomes, byTime.perSecond(from, (int) Math.ceil(measured)));
    }
}
