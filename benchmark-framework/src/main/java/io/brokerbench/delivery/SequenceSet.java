package io.brokerbench.delivery;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.roaringbitmap.longlong.LongIterator;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The sequence numbers received from one producer.
 *
 * <p>Kept as sorted half-open ranges [start, end) while they are cheap: messages mostly arrive in
 * order, so the common case extends the last range in O(1) and the set stays one range long whatever
 * the message count. A consumer that gets an interleaved share of a producer's messages (one of
 * several consumers of a subscription, with keys spread over partitions) would hold one 16-byte range
 * per message, so past {@link #FEW_RANGES} ranges the set becomes a compressed bitmap (Roaring): at
 * most 2 bytes per number, or one bit per number of the span it covers, whichever is less.
 * It does so only when the ranges would take more memory than that bitmap: a consumer of one
 * partition in five gets its share in batches (say 1,024 of every 5,120 numbers), for which a range
 * costs 16 bytes per batch and the bitmap a bit per number of the whole span; holding that bitmap for
 * each of five consumers and five producers at 11 M messages/s ran a 1 GiB heap out within minutes.
 * {@link #add} says whether the number is new, which is how duplicates are counted.
 *
 * <p>Not thread-safe: its owner (one consumer's callback, or the verifier) serialises access.
 */
public final class SequenceSet {

    /** Up to this many ranges (64 KiB of them) a set stays ranges; beyond, only while they cost less than a bitmap. */
    static final int FEW_RANGES = 4_096;
    private static final int BYTES_PER_RANGE = 16;
    /** A Roaring bitmap holds a number in an array (2 bytes each) or as one bit of its span, whichever is less. */
    private static final int BITMAP_BYTES_PER_NUMBER = 2;
    private static final int BITMAP_NUMBERS_PER_BYTE = 8;
    private static final byte AS_RANGES = 1;
    private static final byte AS_BITMAP = 2;

    private long[] starts;
    private long[] ends;
    private int ranges;
    private long distinct;
    /** Every number of the set once it turned into a bitmap; the ranges are unused from then on. */
    private Roaring64NavigableMap scattered;

    public SequenceSet() {
        this(4);
    }

    private SequenceSet(int capacity) {
        starts = new long[capacity];
        ends = new long[capacity];
    }

    private SequenceSet(Roaring64NavigableMap scattered) {
        this.scattered = scattered;
        this.distinct = scattered.getLongCardinality();
    }

    /** Adds {@code sequence} (not negative); false if it was already there (a duplicate). */
    public boolean add(long sequence) {
        if (scattered != null) {
            return addScattered(sequence);
        }
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
        if (rangesCostMoreThanABitmap(sequence)) {
            return scatter().addScattered(sequence);
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
        } else if (rangesCostMoreThanABitmap(sequence)) {
            return scatter().addScattered(sequence);
        } else {
            insert(at + 1, sequence);
        }
        distinct++;
        return true;
    }

    private boolean addScattered(long sequence) {
        if (scattered.contains(sequence)) {
            return false;
        }
        scattered.addLong(sequence);
        distinct++;
        return true;
    }

    /** Whether one more range, for {@code sequence}, would make the set cost more as ranges than as a bitmap. */
    private boolean rangesCostMoreThanABitmap(long sequence) {
        if (ranges < FEW_RANGES) {
            return false;
        }
        long span = Math.max(ends[ranges - 1], sequence + 1) - Math.min(starts[0], sequence);
        long asBitmap = Math.min((distinct + 1) * BITMAP_BYTES_PER_NUMBER, span / BITMAP_NUMBERS_PER_BYTE);
        return (ranges + 1L) * BYTES_PER_RANGE > asBitmap;
    }

    /** Moves the ranges into a bitmap, for good. */
    private SequenceSet scatter() {
        Roaring64NavigableMap bitmap = new Roaring64NavigableMap();
        addRangesTo(bitmap);
        scattered = bitmap;
        starts = null;
        ends = null;
        ranges = 0;
        return this;
    }

    private void addRangesTo(Roaring64NavigableMap bitmap) {
        for (int i = 0; i < ranges; i++) {
            bitmap.addRange(starts[i], ends[i]);
        }
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

    /** Whether the set has turned into a bitmap (its ranges came to cost more than one, past {@link #FEW_RANGES}). */
    public boolean isBitmap() {
        return scattered != null;
    }

    /** How many runs of consecutive numbers the set holds (counted one by one once it is a bitmap). */
    public long rangeCount() {
        if (scattered == null) {
            return ranges;
        }
        long runs = 0;
        long previous = -2;
        for (LongIterator present = scattered.getLongIterator(); present.hasNext(); ) {
            long sequence = present.next();
            if (sequence != previous + 1) {
                runs++;
            }
            previous = sequence;
        }
        return runs;
    }

    public boolean contains(long sequence) {
        if (scattered != null) {
            return sequence >= 0 && scattered.contains(sequence);
        }
        int at = floor(sequence);
        return at >= 0 && sequence < ends[at];
    }

    /** How many numbers of the set lie in [from, to). */
    public long countIn(long from, long to) {
        if (to <= from) {
            return 0;
        }
        if (scattered != null) {
            // rankLong counts the numbers at or below its argument; no number of the set is negative
            return (to <= 0 ? 0 : scattered.rankLong(to - 1)) - (from <= 0 ? 0 : scattered.rankLong(from - 1));
        }
        long count = 0;
        for (int i = Math.max(0, floor(from)); i < ranges && starts[i] < to; i++) {
            count += Math.max(0, Math.min(ends[i], to) - Math.max(starts[i], from));
        }
        return count;
    }

    /** How many numbers of this set are also in {@code other}. */
    public long countCommon(SequenceSet other) {
        long count = 0;
        if (scattered != null) {
            for (LongIterator present = scattered.getLongIterator(); present.hasNext(); ) {
                if (other.contains(present.next())) {
                    count++;
                }
            }
            return count;
        }
        for (int i = 0; i < ranges; i++) {
            count += other.countIn(starts[i], ends[i]);
        }
        return count;
    }

    /** Calls {@code gap} with each range [start, end) of numbers in [from, to) that are not in the set. */
    public void forEachGap(long from, long to, GapConsumer gap) {
        long next = Math.max(0, from);
        if (scattered != null) {
            LongIterator present = scattered.getLongIterator();
            while (present.hasNext() && next < to) {
                long sequence = present.next();
                if (sequence < next) {
                    continue; // before from
                }
                if (sequence > next) {
                    gap.accept(next, Math.min(sequence, to));
                }
                next = sequence + 1;
            }
        } else {
            for (int i = 0; i < ranges && next < to; i++) {
                if (ends[i] <= next) {
                    continue;
                }
                if (starts[i] > next) {
                    gap.accept(next, Math.min(starts[i], to));
                }
                next = Math.max(next, ends[i]);
            }
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

    /**
     * The set as bytes, for merging across consumers and workers: ranges while few, else the bitmap's
     * own form. A bitmap is first compacted in place (runs of consecutive numbers); taken at the end of a run.
     */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            if (scattered == null) {
                out.writeByte(AS_RANGES);
                out.writeInt(ranges);
                for (int i = 0; i < ranges; i++) {
                    out.writeLong(starts[i]);
                    out.writeLong(ends[i]);
                }
            } else {
                scattered.runOptimize();
                out.writeByte(AS_BITMAP);
                scattered.serializePortable(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail to write
        }
        return bytes.toByteArray();
    }

    /** Rebuilds a set from {@link #toBytes()}; an empty array is the empty set. */
    public static SequenceSet fromBytes(byte[] encoded) {
        if (encoded.length == 0) {
            return new SequenceSet();
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            byte form = in.readByte();
            if (form == AS_BITMAP) {
                Roaring64NavigableMap bitmap = new Roaring64NavigableMap();
                bitmap.deserializePortable(in);
                return new SequenceSet(bitmap);
            }
            if (form != AS_RANGES) {
                throw new IllegalArgumentException("not a sequence set: form " + form);
            }
            int count = in.readInt();
            long[] flat = new long[count * 2];
            for (int i = 0; i < flat.length; i++) {
                flat[i] = in.readLong();
            }
            return fromRanges(flat);
        } catch (IOException e) {
            throw new IllegalArgumentException("a sequence set cut short: " + e, e);
        }
    }

    /** A set of the sorted, disjoint ranges [start0, end0), [start1, end1), ... given flat. */
    public static SequenceSet fromRanges(long... flat) {
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
        boolean anyBitmap = false;
        for (SequenceSet set : sets) {
            total += set.distinct;
            anyBitmap |= set.scattered != null;
        }
        SequenceSet merged = anyBitmap ? bitmapUnion(sets) : rangeUnion(sets);
        return new Union(merged, total - merged.distinct);
    }

    /**
     * Merges the sets' ranges, each set already sorted, in start order through a queue of one cursor per
     * set: nothing is allocated per range, as sets of batched shares keep many of them.
     */
    private static SequenceSet rangeUnion(Iterable<SequenceSet> sets) {
        List<SequenceSet> nonEmpty = new ArrayList<>();
        for (SequenceSet set : sets) {
            if (set.ranges > 0) {
                nonEmpty.add(set);
            }
        }
        int[] cursor = new int[nonEmpty.size()];
        PriorityQueue<Integer> byStart = new PriorityQueue<>(Math.max(1, nonEmpty.size()),
                Comparator.comparingLong(i -> nonEmpty.get(i).starts[cursor[i]]));
        for (int i = 0; i < nonEmpty.size(); i++) {
            byStart.add(i);
        }
        SequenceSet merged = new SequenceSet();
        while (!byStart.isEmpty()) {
            int i = byStart.poll();
            SequenceSet set = nonEmpty.get(i);
            long start = set.starts[cursor[i]];
            long end = set.ends[cursor[i]];
            if (++cursor[i] < set.ranges) {
                byStart.add(i); // its key changed only while it was out of the queue
            }
            int last = merged.ranges - 1;
            if (last >= 0 && start <= merged.ends[last]) {
                if (end > merged.ends[last]) {
                    merged.distinct += end - merged.ends[last];
                    merged.ends[last] = end;
                }
            } else {
                merged.insert(merged.ranges, start);
                merged.ends[merged.ranges - 1] = end;
                merged.distinct += end - start;
            }
        }
        return merged;
    }

    private static SequenceSet bitmapUnion(Iterable<SequenceSet> sets) {
        Roaring64NavigableMap merged = new Roaring64NavigableMap();
        for (SequenceSet set : sets) {
            if (set.scattered != null) {
                merged.or(set.scattered);
            } else {
                set.addRangesTo(merged);
            }
        }
        return new SequenceSet(merged);
    }

    /** A merged set and the number of deliveries beyond the first of any number. */
    public record Union(SequenceSet set, long overlaps) {
    }
}
