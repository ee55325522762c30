package io.brokerbench.measurement;

import io.brokerbench.stats.LatencyHistograms;

/**
 * Where a run's raw latency histograms go as it measures them, so that percentiles over any window,
 * or across runs, can be computed again later (the result file keeps only their statistics). Called
 * on the run's thread; the histograms are reused after the call returns.
 */
public interface HistogramSink {

    /** Keeps nothing. */
    HistogramSink NONE = new HistogramSink() {
        @Override
        public void loadStarted(long epochMillis) {
        }

        @Override
        public void interval(String phase, double startSeconds, double endSeconds, LatencyHistograms histograms) {
        }

        @Override
        public void censored(double endSeconds, LatencyHistograms histograms) {
        }

        @Override
        public String fileName() {
            return null;
        }
    };

    /** The load starts now, at {@code epochMillis}: the entries' timestamps count seconds from here. */
    void loadStarted(long epochMillis);

    /**
     * What every worker measured from {@code startSeconds} to {@code endSeconds} after the load started,
     * in {@code phase} ({@link IntervalPoint.Phase#label()}).
     */
    void interval(String phase, double startSeconds, double endSeconds, LatencyHistograms histograms);

    /** The samples the run added for messages that never completed, counted at the run's end. */
    void censored(double endSeconds, LatencyHistograms histograms);

    /** The file the histograms went to, beside the result file; null when none. */
    String fileName();
}
