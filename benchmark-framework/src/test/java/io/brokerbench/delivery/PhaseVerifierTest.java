package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Rate-phase verdicts from tallies and deliveries built by hand. */
class PhaseVerifierTest {

    private static final long[][] NONE = new long[0][];

    /** Due {@code due}, sent {@code sent}; rate changes began at {@code starts}. */
    private static ProducerTally producer(int id, long due, long sent, long... starts) {
        return new ProducerTally(id, "t", due, sent, 0, null, 0, 0, 0, 1_000, 0, starts, null);
    }

    private static ConsumerDelivery consumer(String subscription, long[][] ranges, long[][] duplicates,
            long[][] reordered, boolean listed) {
        byte[][] sets = new byte[ranges.length][];
        for (int i = 0; i < ranges.length; i++) {
            sets[i] = SequenceSet.fromRanges(ranges[i]).toBytes();
        }
        return new ConsumerDelivery("t", subscription, 0, 0L, 0, 0, 0, 0, true, sets, 0, -1, duplicates, reordered, listed, false, QueueDelivery.NONE);
    }

    @Test
    void eachFaultCountsInThePhaseWhoseRateItsMessageWasIntendedUnder() {
        // warm-up 0-99, phase 1 from change 0 (100-299), phase 2 from change 2 (300-): change 1 was a ramp step
        ProducerTally producer = producer(0, 520, 500, 100, 200, 300);
        // two consumers share the subscription: 150 and 350 went to both, 120 to none, 499 never arrived
        ConsumerDelivery a = consumer("s", new long[][] {{0, 120, 121, 151, 350, 351}},
                new long[][] {{400, 402}}, new long[][] {{130, 131, 320, 321}}, true);
        ConsumerDelivery b = consumer("s", new long[][] {{150, 499}}, NONE, NONE, true);
        // another subscription of the same topic lost the warm-up's message 5 only
        ConsumerDelivery other = consumer("other", new long[][] {{0, 5, 6, 500}}, NONE, NONE, true);

        List<PhaseVerdict> verdicts = PhaseVerifier.verify(List.of(producer), List.of(a, b, other), new int[] {0, 2});

        assertEquals(new PhaseVerdict(0, 1, 1, 1, true, true), verdicts.get(0));
        // 500-519 were due and never sent; 350 reached both consumers, 400 and 401 came twice to one
        assertEquals(new PhaseVerdict(20, 1, 3, 1, true, true), verdicts.get(1));
    }

    @Test
    void aChangeTheProducerNeverAppliedLeavesItsPhaseEmpty() {
        ProducerTally stopped = producer(0, 50, 50, 10);
        ConsumerDelivery all = consumer("s", new long[][] {{0, 40}}, NONE, NONE, true);

        List<PhaseVerdict> verdicts = PhaseVerifier.verify(List.of(stopped), List.of(all), new int[] {0, 1});

        assertEquals(new PhaseVerdict(0, 10, 0, 0, true, true), verdicts.get(0), "40-49 never arrived");
        assertEquals(new PhaseVerdict(0, 0, 0, 0, true, true), verdicts.get(1));
    }

    @Test
    void faultsTooManyToListAreNotAttributed() {
        ProducerTally producer = producer(0, 100, 100, 0);
        ConsumerDelivery cutShort = consumer("s", new long[][] {{0, 100}}, NONE, NONE, false);

        PhaseVerdict verdict = PhaseVerifier.verify(List.of(producer), List.of(cutShort), new int[] {0}).get(0);

        assertEquals(new PhaseVerdict(0, 0, -1, -1, false, true), verdict);
        assertEquals(false, verdict.clean());
    }

    @Test
    void producersOfOtherTopicsAndOtherProducersAreNotMixedIn() {
        ProducerTally first = producer(0, 10, 10, 0);
        ProducerTally elsewhere = new ProducerTally(1, "u", 10, 10, 0, null, 0, 0, 0, 1_000, 0, new long[] {0}, null);
        ConsumerDelivery consumer = consumer("s", new long[][] {{0, 10}, {0, 3}}, NONE, NONE, true);

        PhaseVerdict verdict = PhaseVerifier.verify(List.of(first, elsewhere), List.of(consumer), new int[] {0}).get(0);

        assertEquals(new PhaseVerdict(0, 0, 0, 0, true, true), verdict);
    }
}
