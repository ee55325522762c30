package io.brokerbench.measurement;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import java.util.List;

/**
 * How long a count-bounded run took: from the start of the load to the last message handed to a
 * driver, and to the last message received by any consumer. Both ends are the workers' own
 * timestamps, so the figures do not depend on how often the coordinator looked.
 *
 * @param messages the run's {@code testMessages}
 * @param sent messages handed to drivers
 * @param expectedDeliveries messages sent without failure, times the subscriptions per topic
 * @param received deliveries counted by all consumers
 * @param publishSeconds load start to the last send; NaN if nothing was sent
 * @param consumeSeconds load start to the last receipt; NaN if nothing was received
 */
public record CountedCompletion(long messages, long sent, long expectedDeliveries, long received,
        double publishSeconds, double consumeSeconds) {

    public static CountedCompletion of(long messages, int subscriptionsPerTopic, long loadStartEpochMicros,
            List<ProducerTally> tallies, List<ConsumerDelivery> deliveries) {
        long sent = tallies.stream().mapToLong(ProducerTally::sent).sum();
        long failed = tallies.stream().mapToLong(ProducerTally::failed).sum();
        long received = deliveries.stream().mapToLong(ConsumerDelivery::received).sum();
        long lastSend = tallies.stream().mapToLong(ProducerTally::lastSendEpochMicros).max().orElse(0);
        long lastReceipt = deliveries.stream().mapToLong(ConsumerDelivery::lastReceivedEpochMicros).max().orElse(0);
        return new CountedCompletion(messages, sent, (sent - failed) * subscriptionsPerTopic, received,
                since(loadStartEpochMicros, lastSend), since(loadStartEpochMicros, lastReceipt));
    }

    private static double since(long startEpochMicros, long epochMicros) {
        return epochMicros == 0 ? Double.NaN : Math.max(0, epochMicros - startEpochMicros) / 1e6;
    }

    /** Every message was sent, and every one sent reached every subscription. */
    public boolean allConsumed() {
        return sent == messages && received >= expectedDeliveries;
    }

    /** Messages sent per second of publishing. */
    public double publishRate() {
        return publishSeconds > 0 ? sent / publishSeconds : Double.NaN;
    }

    /** Deliveries per second, from the load's start to the last receipt. */
    public double consumeRate() {
        return consumeSeconds > 0 ? received / consumeSeconds : Double.NaN;
    }
}
