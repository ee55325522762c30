package io.brokerbench.progress;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.measurement.IntervalPoint;
import java.util.Locale;

/**
 * A run's max-rate search on a {@link ProgressLine}: "search window 7 (at most 40) [12,500, 25,000]
 * msg/s". Its total is unknown, so the line shows the bound and the bracket instead. Opened by the
 * search's first window, closed by the first interval of another phase, or when the run ends.
 */
public final class RateSearchProgress implements AutoCloseable {

    private final ProgressLine line;
    private ProgressTask task;

    public RateSearchProgress(ProgressLine line) {
        this.line = line;
    }

    /** The search is about to measure the window {@code progress} describes. */
    public void window(SearchProgress progress) {
        if (task == null) {
            task = line.windows("search window", progress.maxWindows());
        }
        task.at(progress.window(), bracket(progress));
    }

    /** An interval ended: one of another phase means the search is over. */
    public void interval(IntervalPoint.Phase phase) {
        if (phase != IntervalPoint.Phase.SEARCH) {
            close();
        }
    }

    @Override
    public void close() {
        if (task != null) {
            task.close();
            task = null;
        }
    }

    /** "[12,500, 25,000] msg/s", "?" for a bound not found yet; empty while neither is. */
    static String bracket(SearchProgress progress) {
        boolean low = progress.lowerBound() > 0;
        boolean high = Double.isFinite(progress.upperBound());
        if (!low && !high) {
            return "";
        }
        return String.format(Locale.ROOT, "[%,.0f, %s] msg/s", progress.lowerBound(),
                high ? String.format(Locale.ROOT, "%,.0f", progress.upperBound()) : "?");
    }
}
