package io.brokerbench.placement;

import java.util.BitSet;
import java.util.Objects;

/**
 * A set of CPU ids in the list format of taskset {@code -c} and of the kernel
 * ({@code /sys/devices/system/cpu/online}, {@code Cpus_allowed_list}): ids and ranges separated by
 * commas, e.g. {@code 0}, {@code 0-3}, {@code 0,2-3}. Written back in that format, ranges merged.
 */
public final class CpuList {

    /** Beyond the kernel's default CONFIG_NR_CPUS ceiling: a larger id is a typo, not a CPU. */
    static final int MAX_CPU = 8191;

    private final BitSet cpus;

    private CpuList(BitSet cpus) {
        this.cpus = cpus;
    }

    /**
     * Parses {@code text}; a malformed list is an {@link IllegalArgumentException} whose message says
     * what is wrong with it (the caller names the file or option).
     */
    public static CpuList parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty CPU list (expected e.g. 0, 0-3 or 0,2-3)");
        }
        BitSet cpus = new BitSet();
        for (String item : text.split(",", -1)) {
            String part = item.strip();
            if (part.isEmpty()) {
                throw new IllegalArgumentException("empty item in the CPU list (expected e.g. 0, 0-3 or 0,2-3)");
            }
            int dash = part.indexOf('-');
            int from = cpuId(dash < 0 ? part : part.substring(0, dash), part);
            int to = dash < 0 ? from : cpuId(part.substring(dash + 1), part);
            if (to < from) {
                throw new IllegalArgumentException("range '" + part + "' runs backwards");
            }
            cpus.set(from, to + 1);
        }
        return new CpuList(cpus);
    }

    /** CPUs {@code 0} to {@code count - 1}. */
    public static CpuList firstN(int count) {
        BitSet cpus = new BitSet();
        cpus.set(0, count);
        return new CpuList(cpus);
    }

    private static int cpuId(String digits, String item) {
        String id = digits.strip();
        if (id.isEmpty() || !id.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("'" + item + "' is not a CPU id or a range of them (expected e.g. 0, 0-3 or 0,2-3)");
        }
        if (id.length() > 5 || Integer.parseInt(id) > MAX_CPU) {
            throw new IllegalArgumentException("CPU " + id + " is beyond any machine's CPU ids (at most " + MAX_CPU + ")");
        }
        return Integer.parseInt(id);
    }

    /**
     * This list, if every CPU in it is in {@code online}; else an {@link IllegalArgumentException}
     * naming the first CPU that is not.
     */
    public CpuList requireWithin(CpuList online) {
        BitSet outside = (BitSet) cpus.clone();
        outside.andNot(online.cpus);
        if (!outside.isEmpty()) {
            int cpu = outside.nextSetBit(0);
            throw new IllegalArgumentException("CPU " + cpu + " is not online on this machine (online: " + online + ")");
        }
        return this;
    }

    public CpuList intersection(CpuList other) {
        BitSet both = (BitSet) cpus.clone();
        both.and(other.cpus);
        return new CpuList(both);
    }

    public int size() {
        return cpus.cardinality();
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    /** In taskset's format, ranges merged: {@code 0-2,5}; empty for no CPU. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int from = cpus.nextSetBit(0); from >= 0; from = cpus.nextSetBit(from)) {
            int to = cpus.nextClearBit(from) - 1;
            if (text.length() > 0) {
                text.append(',');
            }
            text.append(from);
            if (to > from) {
                text.append('-').append(to);
            }
            from = to + 1;
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CpuList list && cpus.equals(list.cpus);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cpus);
    }
}
