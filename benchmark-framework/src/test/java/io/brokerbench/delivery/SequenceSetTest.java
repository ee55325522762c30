package io.brokerbench.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
        assertArrayEquals(new long[] {0, 3, 5, 6, 10, 12}, set.toRanges());
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
        assertArrayEquals(new long[] {0, 5}, set.toRanges());
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
        SequenceSet copy = SequenceSet.fromRanges(set.toRanges());
        assertEquals(set.distinct(), copy.distinct());
    }

    @Test
    void unionCountsNumbersSeenByMoreThanOneConsumer() {
        SequenceSet a = SequenceSet.fromRanges(new long[] {0, 10, 20, 30});
        SequenceSet b = SequenceSet.fromRanges(new long[] {10, 22});
        SequenceSet.Union union = SequenceSet.union(List.of(a, b));
        assertEquals(30, union.set().distinct());
        assertEquals(2, union.overlaps()); // 20 and 21 arrived at both
        assertArrayEquals(new long[] {0, 30}, union.set().toRanges());
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
}
