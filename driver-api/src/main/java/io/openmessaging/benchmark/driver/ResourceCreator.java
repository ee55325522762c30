package io.openmessaging.benchmark.driver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Creates many producers or consumers in batches, for brokers that refuse a burst of creations.
 *
 * <p>Present because OMB's driver API has a class of this name and public shape, and OMB drivers
 * (RabbitMQ's) call it from {@code createProducers}/{@code createConsumers}: without it their jars
 * would fail to link here. Written from that public signature, not from OMB's code.
 *
 * <p>Each round hands up to {@code maxBatchSize} pending resources to {@code invokeBatchFn}, which
 * starts their creation and returns one future per resource; {@code complete} turns each future
 * into a {@link CreationResult}. A resource whose result is not a success goes back into the queue
 * and is tried again in a later batch, so {@code complete} decides what is worth retrying (it may
 * throw to give up). Rounds are {@code interBatchDelayMs} apart. Unlike OMB's, the created list is
 * in the order of the requested resources, because callers (this framework included) pair the
 * n-th created producer with the n-th {@link BenchmarkDriver.ProducerInfo}.
 *
 * @param <R> what is requested, e.g. {@link BenchmarkDriver.ProducerInfo}
 * @param <C> what is created, e.g. {@link BenchmarkProducer}
 */
public class ResourceCreator<R, C> {

    private final String name;
    private final int maxBatchSize;
    private final long interBatchDelayMs;
    private final Function<List<R>, Map<R, CompletableFuture<C>>> invokeBatchFn;
    private final Function<CompletableFuture<C>, CreationResult<C>> complete;

    /**
     * @param name what is created, for messages ("producer", "consumer")
     * @param maxBatchSize at most this many creations are started at once; at least 1
     * @param interBatchDelayMs pause between two batches
     * @param invokeBatchFn starts creating a batch; returns a future for every resource of the batch
     * @param complete waits for one future and says whether the creation succeeded
     */
    public ResourceCreator(String name, int maxBatchSize, long interBatchDelayMs,
            Function<List<R>, Map<R, CompletableFuture<C>>> invokeBatchFn,
            Function<CompletableFuture<C>, CreationResult<C>> complete) {
        if (maxBatchSize < 1) {
            throw new IllegalArgumentException(name + " creation batch size is " + maxBatchSize + ": must be at least 1");
        }
        if (interBatchDelayMs < 0) {
            throw new IllegalArgumentException(name + " creation delay is " + interBatchDelayMs + " ms: must not be negative");
        }
        this.name = name;
        this.maxBatchSize = maxBatchSize;
        this.interBatchDelayMs = interBatchDelayMs;
        this.invokeBatchFn = Objects.requireNonNull(invokeBatchFn, "invokeBatchFn");
        this.complete = Objects.requireNonNull(complete, "complete");
    }

    /**
     * Creates every resource, batch by batch, in the calling thread (as OMB's does): the returned
     * future is already complete, or this method throws what {@code invokeBatchFn} or
     * {@code complete} threw.
     */
    public CompletableFuture<List<C>> create(List<R> resources) {
        List<R> requested = List.copyOf(resources);
        Object[] created = new Object[requested.size()];
        Deque<Integer> pending = new ArrayDeque<>(requested.size());
        for (int i = 0; i < requested.size(); i++) {
            pending.add(i);
        }
        boolean first = true;
        while (!pending.isEmpty()) {
            if (!first) {
                pause();
            }
            first = false;
            List<Integer> batch = new ArrayList<>(Math.min(maxBatchSize, pending.size()));
            while (batch.size() < maxBatchSize && !pending.isEmpty()) {
                batch.add(pending.poll());
            }
            List<R> batchResources = batch.stream().map(requested::get).toList();
            Map<R, CompletableFuture<C>> started = invokeBatchFn.apply(batchResources);
            for (int index : batch) {
                CompletableFuture<C> future = started.get(requested.get(index));
                if (future == null) {
                    throw new IllegalStateException("no " + name + " creation was started for " + requested.get(index));
                }
                CreationResult<C> result = complete.apply(future);
                if (result.isSuccess()) {
                    created[index] = result.getCreated();
                } else {
                    pending.add(index);
                }
            }
        }
        @SuppressWarnings("unchecked")
        List<C> inOrder = new ArrayList<>((List<C>) Arrays.asList(created));
        return CompletableFuture.completedFuture(inOrder);
    }

    private void pause() {
        if (interBatchDelayMs == 0) {
            return;
        }
        try {
            Thread.sleep(interBatchDelayMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating " + name + "s", e);
        }
    }

    /** The outcome of one creation: what was created, and whether it was (if not, it is retried). */
    public static final class CreationResult<C> {
        private final C created;
        private final boolean success;

        public CreationResult(C created, boolean success) {
            this.created = created;
            this.success = success;
        }

        public C getCreated() {
            return created;
        }

        public boolean isSuccess() {
            return success;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CreationResult<?> other && success == other.success
                    && Objects.equals(created, other.created);
        }

        @Override
        public int hashCode() {
            return Objects.hash(created, success);
        }

        @Override
        public String toString() {
            return "ResourceCreator.CreationResult(created=" + created + ", success=" + success + ")";
        }
    }
}
