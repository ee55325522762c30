package io.brokerbench.delivery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns what producers sent and what consumers received into one verdict per subscription. The
 * consumers of a subscription share its messages, so their sequence sets are merged: a number in
 * two consumers' sets was delivered twice. Works the same for consumers of one worker and of many.
 */
public final class DeliveryVerifier {

    private DeliveryVerifier() {
    }

    /**
     * @param sentByProducer per producer id: messages handed to the driver
     * @param failedByProducer per producer id: messages whose send failed
     * @param topicOfProducer per producer id: its topic
     */
    public static List<SubscriptionVerdict> verify(long[] sentByProducer, long[] failedByProducer,
            String[] topicOfProducer, List<ConsumerDelivery> consumers) {
        Map<String, List<ConsumerDelivery>> bySubscription = new LinkedHashMap<>();
        for (ConsumerDelivery consumer : consumers) {
            bySubscription.computeIfAbsent(consumer.topic() + '\u0000' + consumer.subscription(), k -> new ArrayList<>())
                    .add(consumer);
        }
        List<SubscriptionVerdict> verdicts = new ArrayList<>();
        for (List<ConsumerDelivery> members : bySubscription.values()) {
            verdicts.add(verdict(sentByProducer, failedByProducer, topicOfProducer, members));
        }
        return verdicts;
    }

    private static SubscriptionVerdict verdict(long[] sent, long[] failed, String[] topicOfProducer,
            List<ConsumerDelivery> members) {
        ConsumerDelivery first = members.get(0);
        long expected = 0;
        long lost = 0;
        long duplicated = 0;
        long received = 0;
        long reordered = 0;
        boolean judged = true;
        for (ConsumerDelivery member : members) {
            received += member.received();
            duplicated += member.duplicates();
            reordered += member.reordered();
            judged &= member.orderingJudged();
        }
        for (int producer = 0; producer < sent.length; producer++) {
            if (!topicOfProducer[producer].equals(first.topic())) {
                continue;
            }
            List<SequenceSet> sets = new ArrayList<>(members.size());
            for (ConsumerDelivery member : members) {
                if (producer < member.rangesByProducer().length) {
                    sets.add(SequenceSet.fromRanges(member.rangesByProducer()[producer]));
                }
            }
            SequenceSet.Union union = SequenceSet.union(sets);
            long delivered = sent[producer] - failed[producer];
            expected += delivered;
            duplicated += union.overlaps();
            // a failed send may still have reached the broker; it is neither lost nor expected
            lost += Math.max(0, delivered - union.set().distinct());
        }
        return new SubscriptionVerdict(first.topic(), first.subscription(), expected, received, lost, duplicated,
                judged ? reordered : 0, judged);
    }
}
