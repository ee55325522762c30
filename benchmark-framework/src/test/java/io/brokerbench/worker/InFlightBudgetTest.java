package io.brokerbench.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InFlightBudgetTest {

    private static final long GIB = 1L << 30;
    private final InFlightBudget oneGibHeap = InFlightBudget.ofHeap(GIB);

    @Test
    void aFewProducersGetWhatTheRunAsksFor() {
        assertEquals(100_000, oneGibHeap.perProducer(100_000, 1, 100));
        assertEquals(100_000, oneGibHeap.perProducer(100_000, 4, 100));
        assertEquals(43_690, oneGibHeap.perProducer(100_000, 4, 1024), "64 MiB each");
    }

    @Test
    void manyProducersShareAQuarterOfTheHeap() {
        long each = oneGibHeap.perProducer(100_000, 400, 1024);
        assertEquals(436, each);
        long held = 400 * each * (InFlightBudget.BYTES_PER_MESSAGE_BESIDES_PAYLOAD + 1024);
        assertEquals(GIB / 4, held, GIB / 400, "what 400 producers may hold in flight together");
    }

    @Test
    void everyProducerMaySendAtLeastOneMessage() {
        assertEquals(1, oneGibHeap.perProducer(100_000, 4_000_000, 1024));
    }
}
