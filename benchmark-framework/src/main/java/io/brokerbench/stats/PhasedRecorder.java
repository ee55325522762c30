package io.brokerbench.stats;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Records one or two latencies per event into histograms that a reader swaps out once per interval,
 * in the manner of HdrHistogram's recorders: writers only record, inside a wait-free critical
 * section; the reader flips active and inactive histograms, never copying under a lock.
 *
 * <p>Unlike one {@code Recorder} per metric, the metrics of one event (publish latency and
 * latency from intended time, both taken at the acknowledgement) share one critical section, which
 * halves the atomic operations on the hot path. Values are microseconds; negative values (a
 * consumer on a host whose clock runs behind the producer's) are recorded as 0 and counted.
 *
 * <p>Writers: a recorder made by {@link #singleWriter} must be written by one thread at a time (its
 * histograms are plain ones, whose counts and resizing are not atomic); one made by
 * {@link #concurrentWriters} may be written by any number of threads at once (its histograms are
 * {@code ConcurrentHistogram}s). Either may be read ({@link #takeInterval}) from any one thread
 * while writers record.
 */
public final class PhasedRecorder {

    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final LongAdder negative = new LongAdder();
    private volatile Histogram[] active;
    private Histogram[] inactive;

    private PhasedRecorder(int metrics, Supplier<Histogram> histograms) {
        this.active = newSet(metrics, histograms);
        this.inactive = newSet(metrics, histograms);
    }

    /** For exactly one writing thread, e.g. a load thread. */
    public static PhasedRecorder singleWriter(int metrics) {
        return new PhasedRecorder(metrics, LatencyHistograms::newHistogram);
    }

    /** For writers on several threads at once, e.g. a client library's callback threads. */
    public static PhasedRecorder concurrentWriters(int metrics) {
        return new PhasedRecorder(metrics, LatencyHistograms::newConcurrentHistogram);
    }

    public void record(long micros) {
        long ticket = phaser.writerCriticalSectionEnter();
        try {
            active[0].recordValue(clamp(micros));
        } finally {
            phaser.writerCriticalSectionExit(ticket);
        }
    }

    public void record(long first, long second) {
        long ticket = phaser.writerCriticalSectionEnter();
        try {
            Histogram[] histograms = active;
            histograms[0].recordValue(clamp(first));
            histograms[1].recordValue(clamp(second));
        } finally {
            phaser.writerCriticalSectionExit(ticket);
        }
    }

    public void record(long first, long second, long third) {
        long ticket = phaser.writerCriticalSectionEnter();
        try {
            Histogram[] histograms = active;
            histograms[0].recordValue(clamp(first));
            histograms[1].recordValue(clamp(second));
            histograms[2].recordValue(clamp(third));
        } finally {
            phaser.writerCriticalSectionExit(ticket);
        }
    }

    /**
     * Swaps out everything recorded since the previous call. The returned histograms belong to this
     * recorder and stay valid until the next call.
     */
    public synchronized Histogram[] takeInterval() {
        phaser.readerLock();
        try {
            for (Histogram histogram : inactive) {
                histogram.reset();
            }
            Histogram[] interval = active;
            active = inactive;
            inactive = interval;
            phaser.flipPhase();
            return interval;
        } finally {
            phaser.readerUnlock();
        }
    }

    public long negativeSamples() {
        return negative.sum();
    }

    private long clamp(long micros) {
        if (micros < 0) {
            negative.increment();
            return 0;
        }
        return micros;
    }

    private static Histogram[] newSet(int metrics, Supplier<Histogram> histograms) {
        Histogram[] set = new Histogram[metrics];
        for (int i = 0; i < metrics; i++) {
            set[i] = histograms.get();
        }
        return set;
    }
}
