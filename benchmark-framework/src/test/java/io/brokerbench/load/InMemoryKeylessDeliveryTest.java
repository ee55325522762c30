package io.brokerbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.delivery.OrderingCheck;
import io.brokerbench.delivery.OrderingPolicy;
import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.brokerbench.time.WallClock;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Messages without a key through the in-memory driver, to five consumers of one subscription on five
 * partitions: what each consumer keeps of the sequence numbers it received must stay small. Spread
 * one message per partition, each consumer would hold one range per message, and a 5p5c run at the
 * in-memory rate ran out of a 1 GiB heap within seconds.
 */
class InMemoryKeylessDeliveryTest {

    @Test
    void eachConsumerReceivesRunsOfMessagesNotEveryFifthOne() throws Exception {
        int messages = 200_000;
        try (InMemoryBenchmarkDriver driver = new InMemoryBenchmarkDriver()) {
            driver.initialize(null, null);
            driver.createTopic("t", 5).join();
            List<MeasuringConsumerCallback> consumers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                MeasuringConsumerCallback callback = new MeasuringConsumerCallback("t", "s", true, 1,
                        new OrderingCheck(OrderingPolicy.NONE, 1), System::nanoTime);
                consumers.add(callback);
                driver.createConsumer("t", "s", callback).join();
            }
            BenchmarkProducer producer = driver.createProducer("t").join();
            byte[] payload = new byte[64];
            for (long sequence = 0; sequence < messages; sequence++) {
                long micros = WallClock.epochMicros(System.nanoTime());
                MessageHeader.write(payload, 0, sequence, micros, micros);
                producer.sendAsync(Optional.empty(), payload).join();
            }
            long received = 0;
            for (MeasuringConsumerCallback consumer : consumers) {
                long[] ranges = consumer.delivery().rangesByProducer()[0];
                assertTrue(consumer.receivedCount() > 0, "every partition's consumer gets some");
                assertTrue(ranges.length / 2 <= messages / 1024 / 5 + 2,
                        "a consumer holds " + ranges.length / 2 + " ranges for " + consumer.receivedCount() + " messages");
                received += consumer.receivedCount();
            }
            assertEquals(messages, received);
        }
    }
}
