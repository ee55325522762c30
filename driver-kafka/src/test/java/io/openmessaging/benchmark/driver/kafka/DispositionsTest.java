package io.openmessaging.benchmark.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.junit.jupiter.api.Test;

/** What a share consumer does with each delivery: exact shares, never left to chance. */
class DispositionsTest {

    private static Map<AcknowledgeType, Long> fates(Dispositions dispositions, int deliveries) {
        Map<AcknowledgeType, Long> fates = new EnumMap<>(AcknowledgeType.class);
        for (int i = 0; i < deliveries; i++) {
            fates.merge(dispositions.next(), 1L, Long::sum);
        }
        return fates;
    }

    @Test
    void aTenthReleasedAndAHundredthRejected() {
        Map<AcknowledgeType, Long> fates = fates(new Dispositions(0.1, 0.01), 1_000);
        assertEquals(100, fates.get(AcknowledgeType.RELEASE));
        // the 1,000th delivery was due both a release and a reject: the release came first, the reject next
        assertEquals(9, fates.get(AcknowledgeType.REJECT));
        fates = fates(new Dispositions(0.1, 0.01), 1_001);
        assertEquals(100, fates.get(AcknowledgeType.RELEASE));
        assertEquals(10, fates.get(AcknowledgeType.REJECT));
        assertEquals(891, fates.get(AcknowledgeType.ACCEPT));
    }

    @Test
    void theShareHoldsForEveryPrefix() {
        Dispositions dispositions = new Dispositions(0.37, 0);
        long released = 0;
        for (int n = 1; n <= 500; n++) {
            released += dispositions.next() == AcknowledgeType.RELEASE ? 1 : 0;
            assertEquals((long) Math.floor(n * 0.37), released, "after " + n + " deliveries");
        }
    }

    @Test
    void releasingEverythingAcceptsNothing() {
        assertEquals(Map.of(AcknowledgeType.RELEASE, 50L), fates(new Dispositions(1, 0), 50));
        assertEquals(Map.of(AcknowledgeType.ACCEPT, 50L), fates(new Dispositions(0, 0), 50));
    }
}
