package io.brokerbench.stats;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Records one or two latencies per event from any number of threads, each thread into a
 * {@link PhasedRecorder} of its own, made the first time that thread records.
 *
 * <p>Why not one recorder of {@code ConcurrentHistogram}s: those take an atomic increment for every
 * count and a phaser of their own for every value, on the thread that completes a client library's
 * acknowledgements, which is where a fast client spends its time. With a recorder per writing thread
 * a value is a plain increment, and the only atomics are the uncontended ones of that thread's
 * critical section. Client libraries complete acknowledgements on a few long-lived I/O threads (Kafka:
 * one sender thread per producer), so the recorders stay few.
 *
 * <p>Threads: {@link #record} from any thread, several at once; {@link #takeIntervals} from one
 * reader thread at a time, while writers record. A recorder outlives its thread, so what a thread
 * recorded before it ended is still taken.
 */
public final class PerThreadRecorder {

    private final int metrics;
    private final List<PhasedRecorder> recorders = new CopyOnWriteArrayList<>();
    private final ThreadLocal<PhasedRecorder> own = ThreadLocal.withInitial(this::register);

    public PerThreadRecorder(int metrics) {
        this.metrics = metrics;
    }

    public void record(long micros) {
        own.get().record(micros);
    }

    public void record(long first, long second) {
        own.get().record(first, second);
    }

    /**
     * Swaps out what each thread recorded since the previous call and hands each thread's histograms
     * to {@code intervals}; they stay valid until the next call.
     */
    public synchronized void takeIntervals(Consumer<Histogram[]> intervals) {
        for (PhasedRecorder recorder : recorders) {
            intervals.accept(recorder.takeInterval());
        }
    }

    private PhasedRecorder register() {
        PhasedRecorder recorder = new PhasedRecorder(metrics);
        recorders.add(recorder);
        return recorder;
    }
}
