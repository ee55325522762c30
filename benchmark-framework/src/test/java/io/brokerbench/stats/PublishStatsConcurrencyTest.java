package io.brokerbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerbench.testing.SimultaneousThreads;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Acknowledgements arrive on several client threads at once (Kafka: one sender thread per
 * producer), while the stats thread takes intervals: every count must be exact.
 */
class PublishStatsConcurrencyTest {

    private static final int THREADS = 4;
    private static final int PER_THREAD = 200_000;

    @Test
    void concurrentAcknowledgementsAndFailuresAreCountedExactlyAcrossIntervalSwaps() throws Exception {
        PublishStats stats = new PublishStats();
        LatencyHistograms total = new LatencyHistograms();
        List<Thread> writers = SimultaneousThreads.start(THREADS, seed -> {
            for (int i = 0; i < PER_THREAD; i++) {
                // values from 1 µs to over an hour, so the histograms resize while others record
                long value = 1L + ((long) (i * 7919 + seed) % 4_000_000_000L) * (i % 3 == 0 ? 1_000 : 1);
                if (i % 10 == 0) {
                    stats.recordFailure(value);
                } else {
                    stats.recordAck(value, value + 1);
                }
            }
        });
        while (writers.stream().anyMatch(Thread::isAlive)) {
            stats.drainInto(total); // the reader swaps intervals while the writers record
            Thread.onSpinWait();
        }
        for (Thread writer : writers) {
            writer.join();
        }
        stats.drainInto(total);
        long failures = (long) THREADS * (PER_THREAD / 10);
        long acks = (long) THREADS * PER_THREAD - failures;
        assertEquals(acks, total.get(Metric.PUBLISH_LATENCY).getTotalCount());
        assertEquals(acks + failures, total.get(Metric.PUBLISH_LATENCY_FROM_INTENDED).getTotalCount());
        assertEquals(failures, stats.errorsTotal());
    }
}
