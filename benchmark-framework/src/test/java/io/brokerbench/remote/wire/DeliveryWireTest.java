package io.brokerbench.remote.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.delivery.QueueDelivery;
import io.brokerbench.delivery.SequenceSet;
import io.brokerbench.stats.LatencyHistograms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a worker reports at the end of a run reaches the coordinator whole, through the worker API's JSON. */
class DeliveryWireTest {

    @Test
    void aProducersRateChangesTravelWithItsTally() throws Exception {
        ProducerTally tally = new ProducerTally(3, "t", 100, 90, 1, SequenceSet.fromRanges(40, 41).toBytes(), 2, 50, 1_000,
                2_500.5, 2_000, new long[] {10, 50}, SequenceSet.fromRanges(60, 70).toBytes());
        String json = WireJson.mapper().writeValueAsString(List.of(tally));

        ProducerTally back = WireJson.mapper().readValue(json, new TypeReference<List<ProducerTally>>() { }).get(0);

        assertEquals(tally.due(), back.due());
        assertEquals(tally.periodNanos(), back.periodNanos());
        assertArrayEquals(tally.rateChangeStarts(), back.rateChangeStarts());
        assertTrue(back.failedSet().contains(40), "the failed send's number travels with the tally");
        assertEquals(1, back.failedSet().distinct());
        assertEquals(10, back.abortedSet().distinct(), "the aborted sends' numbers travel with the tally");
    }

    @Test
    void aConsumersListedFaultsTravelWithItsDelivery() throws Exception {
        ConsumerDelivery delivery = new ConsumerDelivery("t", "s", 12, 0L, 2, 1, 0, 0, true, new byte[][] {SequenceSet.fromRanges(0, 10).toBytes(), {}}, 5, -1,
                new long[][] {{3, 5}, {}}, new long[][] {{}, {7, 8}}, false, true, QueueDelivery.NONE);
        String json = WireJson.mapper().writeValueAsString(List.of(delivery));

        ConsumerDelivery back = WireJson.mapper().readValue(json, new TypeReference<List<ConsumerDelivery>>() { }).get(0);

        assertArrayEquals(delivery.receivedByProducer(), back.receivedByProducer());
        assertArrayEquals(delivery.duplicateRuns(), back.duplicateRuns());
        assertArrayEquals(delivery.reorderedRuns(), back.reorderedRuns());
        assertEquals(false, back.anomaliesListed());
        assertTrue(back.readsCommittedOnly());
    }

    @Test
    void aQueueConsumersRecordsTravelWithItsDelivery() throws Exception {
        long[] settled = new long[QueueDelivery.ATTEMPTS];
        settled[1] = 4;
        QueueDelivery queue = new QueueDelivery(true, 7, 1, new byte[][] {SequenceSet.fromRanges(6, 8).toBytes()},
                new byte[][] {SequenceSet.fromRanges(2, 6).toBytes()},
                new byte[][] {SequenceSet.fromRanges(8, 9).toBytes()}, new byte[][] {{}}, settled,
                HistogramCodec.encode(LatencyHistograms.newHistogram()));
        ConsumerDelivery delivery = new ConsumerDelivery("t", "s", 10, 0L, 0, 0, 0, 0, false,
                new byte[][] {SequenceSet.fromRanges(0, 10).toBytes()}, 5, -1, new long[][] {{}}, new long[][] {{}}, true,
                false, queue);

        QueueDelivery back = WireJson.mapper().readValue(WireJson.mapper().writeValueAsString(List.of(delivery)),
                new TypeReference<List<ConsumerDelivery>>() { }).get(0).queue();

        assertTrue(back.applies());
        assertEquals(7, back.released());
        assertArrayEquals(queue.releasedByProducer(), back.releasedByProducer());
        assertArrayEquals(queue.redeliveredByProducer(), back.redeliveredByProducer());
        assertArrayEquals(queue.rejectedByProducer(), back.rejectedByProducer());
        assertArrayEquals(settled, back.settledOnAttempt());
    }
}
