package io.brokerbench.delivery;

import io.brokerbench.remote.wire.HistogramCodec;
import io.brokerbench.result.model.LatencyStats;
import io.brokerbench.stats.LatencyHistograms;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * A queue subscription's verdict beyond the log's, built producer by producer as {@link DeliveryVerifier}
 * goes. The queue's rules: a record taken on its first delivery by two members is a duplicate (the
 * broker handed one record to two consumers at once); a record accepted again on a redelivery is not (a
 * release or an acquisition lock that timed out allows it; a redelivery of a record no member released
 * is told apart as the lock's); a record rejected, or released on its last
 * allowed attempt, is archived by the broker and accounted for rather than lost; no order is judged.
 */
final class QueueTally {

    private final List<ConsumerDelivery> members;
    private final long[] settledOnAttempt = new long[QueueDelivery.ATTEMPTS];
    private final Histogram redeliveredLatency = LatencyHistograms.newHistogram();
    private long released;
    private long redelivered;
    private long redeliveredUnreleased;
    private long acceptedAgain;
    private long rejected;
    private long archived;

    QueueTally(List<ConsumerDelivery> members) {
        this.members = members;
        for (ConsumerDelivery member : members) {
            QueueDelivery queue = member.queue();
            released += queue.released();
            acceptedAgain += queue.acceptedAgain();
            for (int i = 0; i < settledOnAttempt.length; i++) {
                settledOnAttempt[i] += queue.settledOnAttempt()[i];
            }
            redeliveredLatency.add(HistogramCodec.decode(queue.redeliveredLatency()));
        }
    }

    /**
     * Tallies one producer's records and returns those the subscription accounted for.
     *
     * @param firstDeliveries each member's records accepted on their first delivery
     * @param firsts their union
     */
    SequenceSet settle(int producer, List<SequenceSet> firstDeliveries, SequenceSet.Union firsts) {
        List<SequenceSet> redeliveries = sets(producer, QueueDelivery::redeliveredByProducer);
        List<SequenceSet> accepted = new ArrayList<>(firstDeliveries);
        accepted.addAll(redeliveries);
        SequenceSet.Union acceptedUnion = SequenceSet.union(accepted);
        acceptedAgain += acceptedUnion.overlaps() - firsts.overlaps();
        SequenceSet redeliveredSet = SequenceSet.union(redeliveries).set();
        redelivered += redeliveredSet.distinct() - redeliveredSet.countCommon(firsts.set());
        // redelivered, not accepted before, and released by no member: a lock timed out (or its holder left)
        SequenceSet explained = SequenceSet.union(List.of(firsts.set(),
                SequenceSet.union(sets(producer, QueueDelivery::releasedByProducer)).set())).set();
        redeliveredUnreleased += redeliveredSet.distinct() - redeliveredSet.countCommon(explained);
        SequenceSet rejectedSet = SequenceSet.union(sets(producer, QueueDelivery::rejectedByProducer)).set();
        rejected += rejectedSet.distinct();
        SequenceSet archivedSet = SequenceSet.union(sets(producer, QueueDelivery::archivedByProducer)).set();
        archived += archivedSet.distinct() - archivedSet.countCommon(acceptedUnion.set());
        return SequenceSet.union(List.of(acceptedUnion.set(), rejectedSet, archivedSet)).set();
    }

    QueueVerdict verdict() {
        // the run's end-to-end latency unit: ms, from the µs recorded
        LatencyStats latency = redeliveredLatency.getTotalCount() == 0 ? null
                : LatencyStats.of(percentile -> percentile.of(redeliveredLatency) / 1_000.0);
        return new QueueVerdict(released, redelivered, redeliveredUnreleased, acceptedAgain, rejected, archived,
                settledOnAttempt.clone(),
                latency);
    }

    private List<SequenceSet> sets(int producer, Function<QueueDelivery, byte[][]> byProducer) {
        List<SequenceSet> sets = new ArrayList<>(members.size());
        for (ConsumerDelivery member : members) {
            byte[][] all = byProducer.apply(member.queue());
            if (producer < all.length) {
                sets.add(SequenceSet.fromBytes(all[producer]));
            }
        }
        return sets;
    }
}
