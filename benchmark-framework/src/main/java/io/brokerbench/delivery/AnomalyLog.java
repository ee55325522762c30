package io.brokerbench.delivery;

import java.util.Arrays;

/**
 * The sequence numbers of one kind of delivery fault (duplicates, or messages out of order) that one
 * consumer saw, per producer, so that the coordinator can tell which rate phase each belongs to.
 *
 * <p>Kept as runs of consecutive numbers in the order they were noted, repeats included: a batch
 * redelivered after a rebalance is one run, and a number delivered three times is in two runs. A
 * clean run notes nothing, so this costs nothing on the hot path. A faulty one is bounded: after
 * {@link #MAX_RUNS} runs over all producers the log stops listing and says so ({@link #complete});
 * the consumer's own counts stay exact either way.
 *
 * <p>Not thread-safe: the consumer callback's lock guards it.
 */
public final class AnomalyLog {

    /** 16 bytes a run: at most 128 KiB per log, whatever a broker does. */
    static final int MAX_RUNS = 8_192;
    private static final long[] NOTHING = new long[0];

    /** Per producer, [start0, end0, start1, end1, ...] in the order noted; null until one is noted. */
    private final long[][] runs;
    private final int[] used;
    private int runsLeft = MAX_RUNS;
    private boolean complete = true;

    /** @param producers how many producers the run has (ids 0 .. producers-1) */
    public AnomalyLog(int producers) {
        runs = new long[producers][];
        used = new int[producers];
    }

    /** Notes {@code sequence} of {@code producer}, a valid producer id. */
    public void add(int producer, long sequence) {
        long[] flat = runs[producer];
        int length = used[producer];
        if (length > 0 && flat[length - 1] == sequence) {
            flat[length - 1] = sequence + 1;
            return;
        }
        if (runsLeft == 0) {
            complete = false;
            return;
        }
        if (flat == null) {
            flat = new long[8];
        } else if (length == flat.length) {
            flat = Arrays.copyOf(flat, length * 2);
        }
        flat[length] = sequence;
        flat[length + 1] = sequence + 1;
        runs[producer] = flat;
        used[producer] = length + 2;
        runsLeft--;
    }

    /** False once a number went unlisted because the log was full. */
    public boolean complete() {
        return complete;
    }

    /** Per producer id, the runs as [start0, end0, start1, end1, ...]; empty for a producer with none. */
    public long[][] toRuns() {
        long[][] copy = new long[runs.length][];
        for (int i = 0; i < runs.length; i++) {
            copy[i] = runs[i] == null ? NOTHING : Arrays.copyOf(runs[i], used[i]);
        }
        return copy;
    }

    /** How many of the numbers in {@code runs} (as {@link #toRuns()} gives them) lie in [from, to), repeats counted. */
    public static long countIn(long[] runs, long from, long to) {
        long count = 0;
        for (int i = 0; i + 1 < runs.length; i += 2) {
            count += Math.max(0, Math.min(runs[i + 1], to) - Math.max(runs[i], from));
        }
        return count;
    }
}
