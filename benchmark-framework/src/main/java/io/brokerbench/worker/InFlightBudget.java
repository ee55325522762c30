package io.brokerbench.worker;

/**
 * How many messages each producer of a worker may have awaiting acknowledgement, so that what they
 * hold fits the worker's heap whatever the workload. A message in flight holds its payload (in the
 * client's send buffer, or in the copy made for a driver that keeps the array) and the futures and
 * callbacks of its acknowledgement: about 300 bytes through a batching client (two futures, the
 * harness's, the driver's and the client's callbacks, the client's record metadata, headers and
 * partition: docs/measurement.md), counted here as 512 for clients that keep more. A quarter of the
 * heap is shared out among the producers; the rest is for the clients' own buffers, the consumers
 * and the measurements.
 *
 * <p>At the default 1 GiB heap: four producers of 100-byte or 1 KB messages may have the run's own
 * limit in flight (10,000) each, four of 64 KB messages 1,016 each, 400 of 1 KB 436 each. Never
 * fewer than one: a producer can always send.
 */
record InFlightBudget(long bytes) {

    static final long BYTES_PER_MESSAGE_BESIDES_PAYLOAD = 512;

    /** A quarter of the largest heap this JVM may grow to. */
    static InFlightBudget ofHeap(long maxHeapBytes) {
        return new InFlightBudget(maxHeapBytes / 4);
    }

    /** The in-flight limit of each of {@code producers} producers, at most {@code requested}. */
    long perProducer(long requested, int producers, int payloadBytes) {
        long each = bytes / Math.max(1, producers) / (BYTES_PER_MESSAGE_BESIDES_PAYLOAD + payloadBytes);
        return Math.max(1, Math.min(requested, each));
    }
}
