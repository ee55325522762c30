package io.brokerbench.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Records one or two latencies per event into histograms that a reader swaps out once per interval,
 * in the manner of HdrHistogram's recorders: writers only record, inside a wait-free critical
 * section; the reader flips active and inactive histograms, never copying under a lock.
 *
 * <p>Unlike one {@code Recorder} per metric, the metrics of one event (publish latency and
 * latency from intended time, both taken at the acknowledgement) share one critical section, which
 * halves the atomic operations on the hot path. Values are microseconds; a negative value is
 * recorded as 0 (a histogram holds none).
 *
 * <p>Threads: one writing thread at a time (the histograms are plain ones, whose counts and resizing
 * are not atomic; {@link PerThreadRecorder} gives each of several writing threads its own); read
 * ({@link #takeInterval}) from any one thread while the writer records.
 */
public final class PhasedRecorder {

    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile Histogram[] active;
    private Histogram[] inactive;

    public PhasedRecorder(int metrics) {
        this.active = newSet(metrics);
        this.inactive = newSet(metrics);
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

    private static long clamp(long micros) {
        return Math.max(micros, 0);
    }

    private static Histogram[] newSet(int metrics) {
        Histogram[] set = new Histogram[metrics];
        for (int i = 0; i < metrics; i++) {
            set[i] = LatencyHistograms.newHistogram();
        }
        return set;
    }
}
