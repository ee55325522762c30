package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.DeliveryVerifier;
import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.delivery.SubscriptionVerdict;
import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.brokerbench.time.WallClock;
import io.brokerbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One producer through the in-memory driver to five consumers of one subscription on five partitions:
 * what each consumer keeps and reports of the sequence numbers it received must stay small however
 * the messages are spread over the partitions.
 */
class InMemorySharedSubscriptionTest {

    /**
     * Without keys, spread one message per partition, each consumer would hold one range per message,
     * and a 5p5c run at the in-memory rate ran out of a 1 GiB heap within seconds.
     */
    @Test
    void withoutKeysEachConsumerReceivesRunsOfMessagesNotEveryFifthOne() throws Exception {
        int messages = 200_000;
        List<MeasuringConsumerCallback> consumers = publish(messages, KeyDistributorType.NO_KEY, OrderingPolicy.NONE);
        long received = 0;
        for (MeasuringConsumerCallback consumer : consumers) {
            SequenceSet set = SequenceSet.fromBytes(consumer.delivery().receivedByProducer()[0]);
            assertTrue(consumer.receivedCount() > 0, "every partition's consumer gets some");
            assertTrue(set.rangeCount() <= messages / 1024 / 5 + 2,
                    "a consumer holds " + set.rangeCount() + " ranges for " + consumer.receivedCount() + " messages");
            received += consumer.receivedCount();
        }
        assertEquals(messages, received);
    }

    /**
     * Round-robin keys give each consumer an interleaved share, about one gap per message it receives
     * (kept as ranges that took 16 bytes a message); the verdict must still find every message once.
     */
    @Test
    void withKeysInterleavedSharesStaySmallAndVerifyWhole() throws Exception {
        int messages = 1_000_000;
        List<MeasuringConsumerCallback> consumers = publish(messages, KeyDistributorType.KEY_ROUND_ROBIN,
                OrderingPolicy.PER_KEY);
        List<ConsumerDelivery> deliveries = new ArrayList<>();
        for (MeasuringConsumerCallback consumer : consumers) {
            ConsumerDelivery delivery = consumer.delivery();
            int bytes = delivery.receivedByProducer()[0].length;
            assertTrue(consumer.receivedCount() > messages / 10, "every partition's consumer gets its share");
            assertTrue(bytes < messages / 8 + 64 * 1024,
                    "a consumer reports " + bytes + " bytes for " + consumer.receivedCount() + " messages");
            deliveries.add(delivery);
        }
        ProducerTally tally = new ProducerTally(0, "t", messages, messages, 0, null, 0, 0, 0, 0, 0, new long[0], null);
        SubscriptionVerdict verdict = DeliveryVerifier.verify(List.of(tally), deliveries,
                (p, from, to) -> { throw new AssertionError("missing [" + from + ", " + to + ")"); }).get(0);
        assertEquals(messages, verdict.received());
        assertEquals(0, verdict.lost());
        assertEquals(0, verdict.duplicated());
        assertEquals(0, verdict.reordered());
    }

    /** Publishes {@code messages} with headers to five consumers of subscription "s" on five partitions. */
    private static List<MeasuringConsumerCallback> publish(int messages, KeyDistributorType keyDistributor,
            OrderingPolicy ordering) throws Exception {
        List<MeasuringConsumerCallback> consumers = new ArrayList<>();
        try (InMemoryBenchmarkDriver driver = new InMemoryBenchmarkDriver()) {
            driver.initialize(null, null);
            driver.createTopic("t", 5).join();
            for (int i = 0; i < 5; i++) {
                MeasuringConsumerCallback callback = new MeasuringConsumerCallback("t", "s", true, 1,
                        new OrderingCheck(ordering, KeyChooser.POOL_SIZE), false, false, System::nanoTime);
                consumers.add(callback);
                driver.createConsumer("t", "s", callback).join();
            }
            BenchmarkProducer producer = driver.createProducer("t").join();
            KeyChooser keys = KeyChooser.of(keyDistributor, 1);
            byte[] payload = new byte[64];
            for (long sequence = 0; sequence < messages; sequence++) {
                long micros = WallClock.epochMicros(System.nanoTime());
                MessageHeader.write(payload, 0, sequence, micros, micros);
                producer.sendAsync(keys.keyFor(sequence), payload).join();
            }
        }
        return consumers;
    }
}
