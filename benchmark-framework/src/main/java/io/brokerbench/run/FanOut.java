package io.brokerbench.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One call per item, all at once, waiting for every one of them: the blocking round trips to many
 * workers overlap instead of adding up. With one item the call runs on the caller's thread (a run in
 * one process has no thread hop). All calls complete before the first failure (in the items' order)
 * is thrown, with the later ones attached as suppressed: no call is left running behind the caller.
 * The threads are daemons, at most one per item, and end with {@link #close}.
 */
public final class FanOut implements AutoCloseable {

    /** A call that may fail with what a worker's setup and stop may throw. */
    @FunctionalInterface
    public interface CheckedCall<T, R> {
        R call(T item) throws IOException, InterruptedException;
    }

    /** A call that throws only unchecked exceptions. */
    @FunctionalInterface
    public interface Call<T, R> {
        R call(T item);
    }

    /** An action given the item's index. */
    @FunctionalInterface
    public interface IndexedAction<T> {
        void run(int index, T item);
    }

    /** An action that returns nothing and may throw what setup and stop may throw. */
    @FunctionalInterface
    public interface CheckedAction<T> {
        void run(T item) throws IOException, InterruptedException;
    }

    private final ExecutorService pool;

    /** @param threads the most calls at once; 1 runs every call on the caller's thread */
    public FanOut(String name, int threads) {
        if (threads <= 1) {
            pool = null;
        } else {
            AtomicInteger count = new AtomicInteger();
            pool = Executors.newFixedThreadPool(threads, task -> {
                Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
    }

    /** {@code call} on every item at once; the answers in the items' order (nulls kept). */
    public <T, R> List<R> gather(List<T> items, Call<T, R> call) {
        try {
            return gatherChecked(items, call::call);
        } catch (IOException e) {
            throw new IllegalStateException("an unchecked call threw " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure("interrupted while waiting for the workers");
        }
    }

    public <T> void run(List<T> items, Consumer<T> action) {
        gather(items, item -> {
            action.accept(item);
            return null;
        });
    }

    public <T> void runIndexed(List<T> items, IndexedAction<T> action) {
        List<Integer> indices = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            indices.add(i);
        }
        run(indices, i -> action.run(i, items.get(i)));
    }

    public <T> void runChecked(List<T> items, CheckedAction<T> action) throws IOException, InterruptedException {
        gatherChecked(items, item -> {
            action.run(item);
            return null;
        });
    }

    /**
     * {@code call} on every item at once, waiting for all.
     *
     * @throws InterruptedException when the caller is interrupted while waiting: the calls still
     *     running are interrupted and waited for no longer
     */
    public <T, R> List<R> gatherChecked(List<T> items, CheckedCall<T, R> call) throws IOException, InterruptedException {
        List<R> answers = new ArrayList<>(items.size());
        if (pool == null || items.size() == 1) {
            for (T item : items) {
                answers.add(call.call(item));
            }
            return answers;
        }
        List<Future<R>> futures = new ArrayList<>(items.size());
        for (T item : items) {
            futures.add(pool.submit(() -> call.call(item)));
        }
        Throwable first = null;
        for (Future<R> future : futures) {
            try {
                answers.add(future.get());
            } catch (InterruptedException e) {
                futures.forEach(f -> f.cancel(true));
                throw e;
            } catch (ExecutionException e) {
                answers.add(null);
                if (first == null) {
                    first = e.getCause();
                } else if (e.getCause() != first) {
                    first.addSuppressed(e.getCause());
                }
            }
        }
        if (first instanceof IOException io) {
            throw io;
        }
        if (first instanceof InterruptedException interrupted) {
            throw interrupted;
        }
        if (first instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (first instanceof Error error) {
            throw error;
        }
        return answers;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
