package io.brokerbench.result.model;

import io.brokerbench.workload.SizeWeight;
import java.util.List;

/**
 * A run of several message sizes ({@code "messageSizes"}, from the workload's
 * {@code messageSizeDistribution}): how the randomized pool was shared out and what a message weighs
 * on average, the figure the result's MB/s and its OMB {@code messageSize} (rounded) are computed with.
 *
 * @param payloads per entry of {@code distribution}, how many of the pool's payloads have its size
 * @param meanSize the pool's mean size, bytes; producers cycle through the pool, so it is exactly the mean of
 *     what each sent over whole cycles, and within one pool's worth of messages of it otherwise
 * @param seed the seed that drew the pool's bytes and shuffled its order: give it as {@code payloadSeed} to
 *     send the same sizes in the same order again
 */
public record MessageSizeOutcome(
        List<SizeWeight> distribution,
        List<Integer> payloads,
        int poolSize,
        double meanSize,
        Long seed) {
}
