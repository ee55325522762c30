package io.brokerbench.delivery;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns what producers were due to send and what consumers received into one verdict per
 * subscription. The consumers of a subscription share its messages, so their sequence sets are
 * merged: a number in two consumers' sets was delivered twice. Works the same for consumers of one
 * worker and of many. A queue's subscription ({@link io.brokerbench.driver.QueueConsumers}) is judged
 * by the queue's rules ({@link QueueTally}).
 */
public final class DeliveryVerifier {

    /** Told of every message a subscription never received, due but unsent ones included. */
    @FunctionalInterface
    public interface MissingMessages {
        /** Messages {@code [fromSequence, toSequence)} of {@code producer} never reached one subscription. */
        void missing(ProducerTally producer, long fromSequence, long toSequence);
    }

    private DeliveryVerifier() {
    }

    public static List<SubscriptionVerdict> verify(List<ProducerTally> producers, List<ConsumerDelivery> consumers,
            MissingMessages missing) {
        List<SubscriptionVerdict> verdicts = new ArrayList<>();
        for (List<ConsumerDelivery> members : bySubscription(consumers)) {
            verdicts.add(verdict(producers, members, missing));
        }
        return verdicts;
    }

    /** The consumers grouped by subscription (topic and name), in the order first seen. */
    static Collection<List<ConsumerDelivery>> bySubscription(List<ConsumerDelivery> consumers) {
        Map<String, List<ConsumerDelivery>> groups = new LinkedHashMap<>();
        for (ConsumerDelivery consumer : consumers) {
            groups.computeIfAbsent(consumer.topic() + '\u0000' + consumer.subscription(), k -> new ArrayList<>())
                    .add(consumer);
        }
        return groups.values();
    }

    private static SubscriptionVerdict verdict(List<ProducerTally> producers, List<ConsumerDelivery> members,
            MissingMessages missing) {
        ConsumerDelivery first = members.get(0);
        long expected = 0;
        long lost = 0;
        long duplicated = 0;
        long received = 0;
        long reordered = 0;
        long failed = 0;
        long failedButReceived = 0;
        long neverReceived = 0;
        long aborted = 0;
        long abortedSeen = 0;
        long abortedReadCommitted = 0;
        boolean judged = true;
        QueueTally queue = first.queue().applies() ? new QueueTally(members) : null;
        for (ConsumerDelivery member : members) {
            received += member.received();
            duplicated += member.duplicates();
            reordered += member.reordered();
            judged &= member.orderingJudged();
        }
        for (ProducerTally producer : producers) {
            if (!producer.topic().equals(first.topic())) {
                continue;
            }
            List<SequenceSet> sets = new ArrayList<>(members.size());
            for (ConsumerDelivery member : members) {
                if (producer.id() < member.receivedByProducer().length) {
                    sets.add(SequenceSet.fromBytes(member.receivedByProducer()[producer.id()]));
                }
            }
            SequenceSet.Union union = SequenceSet.union(sets);
            // what the subscription accounted for: received, or for a queue also accepted on a redelivery,
            // rejected, or archived after its last delivery attempt
            SequenceSet delivered = queue == null ? union.set() : queue.settle(producer.id(), sets, union);
            // aborted on purpose: not expected, so not lost when missing; received, they are counted, and they
            // fail the run where the consumer promised to read only committed data
            SequenceSet abortedSet = producer.abortedSet();
            long abortedArrived = abortedSet.countCommon(delivered);
            aborted += abortedSet.distinct();
            abortedSeen += abortedArrived;
            for (int i = 0; i < members.size(); i++) {
                if (members.get(i).readsCommittedOnly() && producer.id() < members.get(i).receivedByProducer().length) {
                    abortedReadCommitted += abortedSet.countCommon(
                            SequenceSet.fromBytes(members.get(i).receivedByProducer()[producer.id()]));
                }
            }
            // a failed or never-acknowledged send may still have reached the broker: not counted lost (the
            // broker never promised it), but each fails the run on its own count. Failed sends are known by
            // number, so one that arrived is told apart and cannot hide the loss of an acknowledged one;
            // never-acknowledged sends are known only by count, so one that arrived still can
            long failedArrived = producer.failedSet().countCommon(delivered);
            long acknowledged = producer.sent() - producer.failed() - abortedSet.distinct() - producer.unacknowledged();
            expected += acknowledged;
            failed += producer.failed() - failedArrived;
            failedButReceived += failedArrived;
            duplicated += union.overlaps();
            lost += Math.max(0, acknowledged - (delivered.distinct() - failedArrived - abortedArrived));
            neverReceived += Math.max(0, producer.sent() - abortedSet.distinct() - (delivered.distinct() - abortedArrived));
            SequenceSet accounted = abortedSet.distinct() == 0 ? delivered
                    : SequenceSet.union(List.of(delivered, abortedSet)).set();
            accounted.forEachGap(0, producer.due(), (from, to) -> missing.missing(producer, from, to));
        }
        return new SubscriptionVerdict(first.topic(), first.subscription(), expected, received, lost, duplicated,
                judged ? reordered : 0, judged, failed, failedButReceived, neverReceived, aborted, abortedSeen,
                abortedReadCommitted, queue == null ? null : queue.verdict());
    }
}
