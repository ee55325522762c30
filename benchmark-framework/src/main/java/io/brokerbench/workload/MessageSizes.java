package io.brokerbench.workload;

import io.brokerbench.yaml.FieldException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * How a pool of randomized payloads is shared out among the sizes of a {@code messageSizeDistribution}:
 * each size gets its weight's share of the pool's payloads, rounded by largest remainder so the counts
 * add up to the pool's size, and the pool's order is shuffled by a seed. Producers cycle through the
 * pool, so over whole cycles they send the sizes in exactly these proportions, and the pool's mean
 * size is the mean size of what is sent.
 *
 * @param counts per entry of the distribution, how many of the pool's payloads have its size
 */
public record MessageSizes(List<SizeWeight> distribution, List<Integer> counts) {

    public MessageSizes {
        distribution = List.copyOf(distribution);
        counts = List.copyOf(counts);
    }

    /** The counts for a pool of {@code poolSize}; a size whose weight earns no payload is an error. */
    static MessageSizes of(List<SizeWeight> distribution, int poolSize) {
        if (distribution.isEmpty()) {
            throw new FieldException("messageSizeDistribution", "[]", "needs at least one size");
        }
        double total = distribution.stream().mapToDouble(SizeWeight::weight).sum();
        if (!(total > 0)) {
            throw new FieldException("messageSizeDistribution", total, "the weights add up to 0: give some a weight above 0");
        }
        int[] counts = new int[distribution.size()];
        double[] remainders = new double[distribution.size()];
        int given = 0;
        for (int i = 0; i < counts.length; i++) {
            double exact = distribution.get(i).weight() / total * poolSize;
            counts[i] = (int) Math.floor(exact);
            remainders[i] = exact - counts[i];
            given += counts[i];
        }
        while (given < poolSize) {
            int largest = 0;
            for (int i = 1; i < remainders.length; i++) {
                if (remainders[i] > remainders[largest]) {
                    largest = i;
                }
            }
            counts[largest]++;
            remainders[largest] = -1;
            given++;
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0 && distribution.get(i).weight() > 0) {
                throw new FieldException("messageSizeDistribution[" + i + "].weight", distribution.get(i).weight(),
                        "too small to give size " + distribution.get(i).size() + " one payload of a pool of " + poolSize
                                + ": raise randomizedPayloadPoolSize");
            }
        }
        List<Integer> list = new ArrayList<>();
        for (int count : counts) {
            list.add(count);
        }
        return new MessageSizes(distribution, list);
    }

    public int poolSize() {
        return counts.stream().mapToInt(Integer::intValue).sum();
    }

    /** The pool's mean payload size, bytes: what a message weighs on average over whole cycles. */
    public double mean() {
        long bytes = 0;
        for (int i = 0; i < counts.size(); i++) {
            bytes += (long) counts.get(i) * distribution.get(i).size();
        }
        return (double) bytes / poolSize();
    }

    public int smallest() {
        return distribution.stream().mapToInt(SizeWeight::size).min().orElseThrow();
    }

    public int largest() {
        return distribution.stream().mapToInt(SizeWeight::size).max().orElseThrow();
    }

    /** Every payload's size, in the pool's order: each size as often as its count, shuffled by {@code random}. */
    List<Integer> shuffledSizes(Random random) {
        List<Integer> sizes = new ArrayList<>(poolSize());
        for (int i = 0; i < counts.size(); i++) {
            sizes.addAll(Collections.nCopies(counts.get(i), distribution.get(i).size()));
        }
        Collections.shuffle(sizes, random);
        return sizes;
    }
}
