package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SequenceSetTest {

    @Test
    void inOrderArrivalsStayOneRange() {
        SequenceSet set = new SequenceSet();
        for (long i = 0; i < 1_000_000; i++) {
            assertTrue(set.add(i));
        }
        assertEquals(1, set.rangeCount());
        assertEquals(1_000_000, set.distinct());
    }

    @Test
    void duplicatesAreRejectedWhereverTheyFall() {
        SequenceSet set = new SequenceSet();
        for (long i : new long[] {0, 1, 2, 10, 11, 5}) {
            assertTrue(set.add(i));
        }
        assertFalse(set.add(1));
        assertFalse(set.add(11));
        assertFalse(set.add(5));
        assertEquals(6, set.distinct());
        assertEquals("[0, 3)[5, 6)[10, 12)", runs(set, 20));
    }

    @Test
    void gapsCloseWhenTheMissingNumbersArrive() {
        SequenceSet set = new SequenceSet();
        set.add(0);
        set.add(2);
        set.add(4);
        set.add(3);
        set.add(1);
        assertEquals(1, set.rangeCount());
        assertEquals("[0, 5)", runs(set, 10));
    }

    @Test
    void agreesWithATreeSetOnShuffledInput() {
        Random random = new Random(42);
        List<Long> numbers = new ArrayList<>();
        for (long i = 0; i < 20_000; i++) {
            numbers.add(i % 7 == 0 ? i / 2 : i); // some repeats
        }
        Collections.shuffle(numbers, random);
        SequenceSet set = new SequenceSet();
        TreeSet<Long> reference = new TreeSet<>();
        for (long n : numbers) {
            assertEquals(reference.add(n), set.add(n), "add " + n);
        }
        assertEquals(reference.size(), set.distinct());
        for (long n = 0; n < 20_000; n++) {
            assertEquals(reference.contains(n), set.contains(n));
        }
        SequenceSet copy = SequenceSet.fromBytes(set.toBytes());
        assertEquals(set.distinct(), copy.distinct());
        assertEquals(runs(set, 20_000), runs(copy, 20_000));
    }

    @Test
    void unionCountsNumbersSeenByMoreThanOneConsumer() {
        SequenceSet a = SequenceSet.fromRanges(new long[] {0, 10, 20, 30});
        SequenceSet b = SequenceSet.fromRanges(new long[] {10, 22});
        SequenceSet.Union union = SequenceSet.union(List.of(a, b));
        assertEquals(30, union.set().distinct());
        assertEquals(2, union.overlaps()); // 20 and 21 arrived at both
        assertEquals("[0, 30)", runs(union.set(), 40));
    }

    @Test
    void gapsAreTheNumbersMissingFromARange() {
        SequenceSet set = SequenceSet.fromRanges(new long[] {2, 5, 7, 9});
        List<long[]> gaps = new ArrayList<>();
        set.forEachGap(0, 12, (from, to) -> gaps.add(new long[] {from, to}));
        assertEquals("[0, 2][5, 7][9, 12]", gaps.stream().map(java.util.Arrays::toString).reduce("", String::concat));
        gaps.clear();
        set.forEachGap(3, 8, (from, to) -> gaps.add(new long[] {from, to}));
        assertEquals("[5, 7]", gaps.stream().map(java.util.Arrays::toString).reduce("", String::concat));
    }

    @Test
    void countInCountsTheNumbersOfASpan() {
        SequenceSet set = SequenceSet.fromRanges(new long[] {2, 5, 7, 9, 20, 30});
        assertEquals(0, set.countIn(0, 2));
        assertEquals(3, set.countIn(0, 7));
        assertEquals(3, set.countIn(3, 8));
        assertEquals(5 + 10, set.countIn(0, 100));
        assertEquals(4, set.countIn(26, 100));
        assertEquals(0, set.countIn(9, 20));
        assertEquals(0, new SequenceSet().countIn(0, 10));
    }

    @Test
    void aConsumersShareOfInterleavedMessagesBecomesABitmapAndStaysSmall() {
        // one of three consumers of a subscription whose producer's keys spread over three partitions
        SequenceSet set = new SequenceSet();
        TreeSet<Long> reference = new TreeSet<>();
        Random random = new Random(7);
        for (long i = 0; i < 3_000_000; i++) {
            if (random.nextInt(3) == 0) {
                assertTrue(set.add(i));
                reference.add(i);
            }
        }
        assertTrue(set.isBitmap());
        assertFalse(set.add(reference.first()), "a duplicate is still one");
        assertFalse(set.add(reference.last()));
        assertEquals(reference.size(), set.distinct());
        // as ranges this would be ~16 bytes per number received: ~11 MiB
        int bytes = set.toBytes().length;
        assertTrue(bytes < 3_000_000 / 8 + 64 * 1024, bytes + " bytes for " + set.distinct() + " numbers");

        SequenceSet copy = SequenceSet.fromBytes(set.toBytes());
        assertEquals(set.distinct(), copy.distinct());
        assertEquals(reference.subSet(1_000L, 2_000_000L).size(), copy.countIn(1_000, 2_000_000));
        assertEquals(reference.size(), copy.countIn(-5, Long.MAX_VALUE));
        for (long n = 2_999_000; n < 3_000_010; n++) {
            assertEquals(reference.contains(n), copy.contains(n), "contains " + n);
        }
        List<long[]> gaps = new ArrayList<>();
        copy.forEachGap(100, 200, (from, to) -> gaps.add(new long[] {from, to}));
        long missing = gaps.stream().mapToLong(g -> g[1] - g[0]).sum();
        assertEquals(100 - reference.subSet(100L, 200L).size(), missing);
    }

    @Test
    void theUnionOfInterleavedSharesIsWholeAndCountsWhatTwoConsumersGot() {
        SequenceSet[] consumers = {new SequenceSet(), new SequenceSet(), new SequenceSet()};
        Random random = new Random(11);
        for (long i = 0; i < 500_000; i++) {
            consumers[random.nextInt(3)].add(i);
        }
        for (SequenceSet consumer : consumers) {
            consumer.add(17); // to one of them the first time: two overlaps
        }
        int owner = consumers[0].contains(499_999) ? 0 : consumers[1].contains(499_999) ? 1 : 2;
        assertTrue(consumers[(owner + 1) % 3].add(499_999)); // one more
        List<SequenceSet> received = new ArrayList<>();
        for (SequenceSet consumer : consumers) {
            assertTrue(consumer.isBitmap());
            received.add(SequenceSet.fromBytes(consumer.toBytes()));
        }
        received.add(SequenceSet.fromRanges(600_000, 600_010)); // a set still in ranges joins the bitmaps
        SequenceSet.Union union = SequenceSet.union(received);
        assertEquals(500_010, union.set().distinct());
        assertEquals(2 + 1, union.overlaps());
        assertEquals("[0, 500000)[600000, 600010)", runs(union.set(), 700_000));
        assertEquals(2, union.set().rangeCount());
    }

    @Test
    void aSetTurnsIntoABitmapOnlyPastItsRangeLimitWhicheverWayTheNumbersCome() {
        SequenceSet appended = new SequenceSet();
        SequenceSet backwards = new SequenceSet();
        for (long i = 0; i < SequenceSet.FEW_RANGES; i++) {
            appended.add(2 * i);
            backwards.add(2 * (SequenceSet.FEW_RANGES - i));
        }
        assertFalse(appended.isBitmap());
        assertFalse(backwards.isBitmap());
        appended.add(1); // joins two ranges: one fewer
        appended.add(2 * SequenceSet.FEW_RANGES + 10); // back at the limit
        assertFalse(appended.isBitmap());
        appended.add(2 * SequenceSet.FEW_RANGES + 20); // a new range at the end: one too many
        assertTrue(appended.isBitmap());
        backwards.add(0); // a new range at the start: one too many
        assertTrue(backwards.isBitmap());
        backwards.add(1_000_000);
        assertEquals(SequenceSet.FEW_RANGES + 3, appended.distinct());
        assertEquals(SequenceSet.FEW_RANGES + 1, appended.rangeCount());
        assertEquals(SequenceSet.FEW_RANGES + 2, backwards.distinct());
        assertTrue(backwards.contains(0));
        assertFalse(backwards.contains(1));
        assertTrue(backwards.contains(1_000_000));
    }

    @Test
    void aConsumersShareInBatchesStaysRangesPastTheirLimitWhileTheyCostLessThanABitmap() {
        // one of five consumers, each of one partition, of a producer that sends 1,024 messages to a
        // partition before the next: as a bitmap, one bit per number of the span (10 MiB here)
        int batch = 1_024;
        int batches = 4 * SequenceSet.FEW_RANGES;
        SequenceSet set = new SequenceSet();
        for (long b = 0; b < batches; b++) {
            for (long i = 5 * b * batch; i < (5 * b + 1) * batch; i++) {
                assertTrue(set.add(i));
            }
        }
        assertFalse(set.isBitmap());
        assertEquals(batches, set.rangeCount());
        assertEquals((long) batches * batch, set.distinct());
        assertFalse(set.add(5L * batch), "a duplicate is still one");
        assertEquals(batches * 16 + 5, set.toBytes().length);

        // a number late in a gap in the middle of the span is one more range there, still cheaper than a bitmap
        assertTrue(set.add(2L * batch));
        assertFalse(set.isBitmap());
        assertEquals(batches + 1, set.rangeCount());
        assertEquals(batch + 1, set.countIn(0, 5L * batch));
        assertTrue(set.contains(2L * batch));
        assertFalse(set.contains(2L * batch + 1));
    }

    /** The set's runs in [0, limit), as "[start, end)..." found from its gaps. */
    private static String runs(SequenceSet set, long limit) {
        StringBuilder out = new StringBuilder();
        long[] next = {0};
        set.forEachGap(0, limit, (from, to) -> {
            if (from > next[0]) {
                out.append('[').append(next[0]).append(", ").append(from).append(')');
            }
            next[0] = to;
        });
        if (next[0] < limit) {
            out.append('[').append(next[0]).append(", ").append(limit).append(')');
        }
        return out.toString();
    }
}
