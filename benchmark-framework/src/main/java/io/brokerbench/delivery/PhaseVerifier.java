package io.brokerbench.delivery;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Splits a run's delivery verdict by rate phase. The coordinator counts the rate changes it asks for;
 * each producer reports the first message of every change it applied ({@link ProducerTally#rateChangeStarts()}),
 * so the messages of phase p are those from the start of the change that began it to the start of the
 * next phase's: exact per message, whichever worker sent or received it. Lost messages are found from
 * the received sets; duplicates and reorderings from the sequence numbers each consumer listed.
 */
public final class PhaseVerifier {

    private PhaseVerifier() {
    }

    /**
     * @param firstChangeOfPhase for each phase in order, the index of the rate change that began it
     *     (changes counted from the first the run asked for, 0-based)
     */
    public static List<PhaseVerdict> verify(List<ProducerTally> producers, List<ConsumerDelivery> consumers,
            int[] firstChangeOfPhase) {
        int phases = firstChangeOfPhase.length;
        long[] unsent = new long[phases];
        long[] neverReceived = new long[phases];
        long[] duplicated = new long[phases];
        long[] reordered = new long[phases];
        boolean listed = consumers.stream().allMatch(ConsumerDelivery::anomaliesListed);
        boolean judged = consumers.stream().allMatch(ConsumerDelivery::orderingJudged);

        Collection<List<ConsumerDelivery>> bySubscription = DeliveryVerifier.bySubscription(consumers);
        for (ProducerTally producer : producers) {
            long[] bounds = phaseBounds(producer, firstChangeOfPhase);
            for (int p = 0; p < phases; p++) {
                unsent[p] += overlap(producer.sent(), producer.due(), bounds[p], bounds[p + 1]);
            }
            for (List<ConsumerDelivery> members : bySubscription) {
                if (members.get(0).topic().equals(producer.topic())) {
                    judgeSubscription(producer, members, bounds, neverReceived, duplicated, reordered);
                }
            }
        }
        List<PhaseVerdict> verdicts = new ArrayList<>(phases);
        for (int p = 0; p < phases; p++) {
            verdicts.add(new PhaseVerdict(unsent[p], neverReceived[p], listed ? duplicated[p] : -1,
                    listed && judged ? reordered[p] : -1, listed, judged));
        }
        return verdicts;
    }

    private static void judgeSubscription(ProducerTally producer, List<ConsumerDelivery> members, long[] bounds,
            long[] neverReceived, long[] duplicated, long[] reordered) {
        int id = producer.id();
        List<SequenceSet> sets = new ArrayList<>(members.size());
        for (ConsumerDelivery member : members) {
            if (id < member.receivedByProducer().length) {
                sets.add(SequenceSet.fromBytes(member.receivedByProducer()[id]));
            }
        }
        SequenceSet union = SequenceSet.union(sets).set();
        // messages of aborted transactions are not expected: never receiving one is no fault; nor, in a queue,
        // is one rejected or archived
        List<SequenceSet> accountedSets = new ArrayList<>(List.of(union, producer.abortedSet()));
        members.forEach(member -> accountedSets.addAll(member.settledOtherwise(id)));
        SequenceSet accounted = SequenceSet.union(accountedSets).set();
        for (int p = 0; p + 1 < bounds.length; p++) {
            long from = bounds[p];
            long to = bounds[p + 1];
            long sentTo = Math.min(to, producer.sent());
            if (sentTo > from) {
                neverReceived[p] += (sentTo - from) - accounted.countIn(from, sentTo);
            }
            // the same message at two consumers of the subscription is one duplicate delivery
            long perConsumer = 0;
            for (SequenceSet set : sets) {
                perConsumer += set.countIn(from, to);
            }
            duplicated[p] += perConsumer - union.countIn(from, to);
            for (ConsumerDelivery member : members) {
                if (id < member.duplicateRuns().length) {
                    duplicated[p] += AnomalyLog.countIn(member.duplicateRuns()[id], from, to);
                }
                if (id < member.reorderedRuns().length) {
                    reordered[p] += AnomalyLog.countIn(member.reorderedRuns()[id], from, to);
                }
            }
        }
    }

    /** Phase p's messages of this producer are [bounds[p], bounds[p + 1]); the last phase runs to its end. */
    private static long[] phaseBounds(ProducerTally producer, int[] firstChangeOfPhase) {
        long[] bounds = new long[firstChangeOfPhase.length + 1];
        for (int p = 0; p < firstChangeOfPhase.length; p++) {
            bounds[p] = Math.max(p == 0 ? 0 : bounds[p - 1], producer.rateChangeStart(firstChangeOfPhase[p]));
        }
        bounds[firstChangeOfPhase.length] = Math.max(bounds[Math.max(0, firstChangeOfPhase.length - 1)],
                Math.max(producer.due(), producer.sent()));
        return bounds;
    }

    private static long overlap(long from, long to, long rangeFrom, long rangeTo) {
        return Math.max(0, Math.min(to, rangeTo) - Math.max(from, rangeFrom));
    }
}
