package io.brokerbench.delivery;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sequence numbers received from one producer, as sorted half-open ranges [start, end).
 *
 * <p>Messages mostly arrive in order, so the common case extends the last range in O(1) and the
 * set stays one range long whatever the message count; memory grows only with gaps (messages not
 * yet received, or taken by another consumer of the subscription), 16 bytes per gap. {@link #add}
 * says whether the number is new, which is how duplicates are counted.
 */
public final class SequenceSet {

    private long[] starts;
    private long[] ends;
    private int ranges;
    private long distinct;

    public SequenceSet() {
        this(4);
    }

    private SequenceSet(int capacity) {
        starts = new long[capacity];
        ends = new long[capacity];
    }

    /** Adds {@code sequence}; false if it was already there (a duplicate). */
    public boolean add(long sequence) {
        if (ranges > 0) {
            int last = ranges - 1;
            if (sequence == ends[last]) {
                ends[last] = sequence + 1;
                distinct++;
                return true;
            }
            if (sequence < ends[last]) {
                return addBefore(sequence);
            }
        }
        insert(ranges, sequence);
        distinct++;
        return true;
    }

    private boolean addBefore(long sequence) {
        int at = floor(sequence);
        if (at >= 0 && sequence < ends[at]) {
            return false;
        }
        boolean joinsLeft = at >= 0 && ends[at] == sequence;
        boolean joinsRight = at + 1 < ranges && starts[at + 1] == sequence + 1;
        if (joinsLeft && joinsRight) {
            ends[at] = ends[at + 1];
            remove(at + 1);
        } else if (joinsLeft) {
            ends[at] = sequence + 1;
        } else if (joinsRight) {
            starts[at + 1] = sequence;
        } else {
            insert(at + 1, sequence);
        }
        distinct++;
        return true;
    }

    /** Index of the last range starting at or before {@code sequence}, or -1. */
    private int floor(long sequence) {
        int low = 0;
        int high = ranges - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (starts[mid] <= sequence) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return high;
    }

    private void insert(int at, long sequence) {
        if (ranges == starts.length) {
            starts = Arrays.copyOf(starts, ranges * 2);
            ends = Arrays.copyOf(ends, ranges * 2);
        }
        System.arraycopy(starts, at, starts, at + 1, ranges - at);
        System.arraycopy(ends, at, ends, at + 1, ranges - at);
        starts[at] = sequence;
        ends[at] = sequence + 1;
        ranges++;
    }

    private void remove(int at) {
        System.arraycopy(starts, at + 1, starts, at, ranges - at - 1);
        System.arraycopy(ends, at + 1, ends, at, ranges - at - 1);
        ranges--;
    }

    /** How many distinct sequence numbers are in the set. */
    public long distinct() {
        return distinct;
    }

    public int rangeCount() {
        return ranges;
    }

    public boolean contains(long sequence) {
        int at = floor(sequence);
        return at >= 0 && sequence < ends[at];
    }

    /** How many numbers of the set lie in [from, to). */
    public long countIn(long from, long to) {
        long count = 0;
        for (int i = Math.max(0, floor(from)); i < ranges && starts[i] < to; i++) {
            count += Math.max(0, Math.min(ends[i], to) - Math.max(starts[i], from));
        }
        return count;
    }

    /** Calls {@code gap} with each range [start, end) of numbers in [from, to) that are not in the set. */
    public void forEachGap(long from, long to, GapConsumer gap) {
        long next = from;
        for (int i = 0; i < ranges && next < to; i++) {
            if (ends[i] <= next) {
                continue;
            }
            if (starts[i] > next) {
                gap.accept(next, Math.min(starts[i], to));
            }
            next = Math.max(next, ends[i]);
        }
        if (next < to) {
            gap.accept(next, to);
        }
    }

    /** A range [start, end) of sequence numbers. */
    @FunctionalInterface
    public interface GapConsumer {
        void accept(long start, long end);
    }

    /** The ranges as [start0, end0, start1, end1, ...], for merging across consumers and workers. */
    public long[] toRanges() {
        long[] flat = new long[ranges * 2];
        for (int i = 0; i < ranges; i++) {
            flat[2 * i] = starts[i];
            flat[2 * i + 1] = ends[i];
        }
        return flat;
    }

    /** Rebuilds a set from {@link #toRanges()} output. */
    public static SequenceSet fromRanges(long[] flat) {
        SequenceSet set = new SequenceSet(Math.max(4, flat.length / 2));
        for (int i = 0; i < flat.length; i += 2) {
            set.starts[set.ranges] = flat[i];
            set.ends[set.ranges] = flat[i + 1];
            set.ranges++;
            set.distinct += flat[i + 1] - flat[i];
        }
        return set;
    }

    /**
     * The union of {@code sets}, and how many numbers two or more of them shared (each extra
     * occurrence is one duplicate delivery, e.g. the same message to two consumers of a subscription).
     */
    public static Union union(Iterable<SequenceSet> sets) {
        long total = 0;
        List<long[]> all = new ArrayList<>();
        for (SequenceSet set : sets) {
            total += set.distinct;
            for (int i = 0; i < set.ranges; i++) {
                all.add(new long[] {set.starts[i], set.ends[i]});
            }
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        SequenceSet merged = new SequenceSet();
        for (long[] range : all) {
            int last = merged.ranges - 1;
            if (last >= 0 && range[0] <= merged.ends[last]) {
                if (range[1] > merged.ends[last]) {
                    merged.distinct += range[1] - merged.ends[last];
                    merged.ends[last] = range[1];
                }
            } else {
                merged.insert(merged.ranges, range[0]);
                merged.ends[merged.ranges - 1] = range[1];
                merged.distinct += range[1] - range[0];
            }
        }
        return new Union(merged, total - merged.distinct);
    }

    /** A merged set and the number of deliveries beyond the first of any number. */
    public record Union(SequenceSet set, long overlaps) {
    }
}
