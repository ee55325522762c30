package io.brokerbench.result.model;

import java.util.List;
import java.util.Map;

/**
 * Repeated runs of one workload, summed up: each run (file, complete, delivered cleanly), how many
 * were summarised (the complete ones), and per figure, by its path in a result file
 * ("measured.publishRate"), its {@link FigureSpread}. The body of a {@code --repeat} summary, and of
 * a repeated sweep step's {@code repeats}.
 */
public record RepeatSpread(List<Run> runs, int runsSummarised, String confidence, Map<String, FigureSpread> metrics) {

    /** One of the runs, as its result file says. */
    public record Run(String file, boolean complete, boolean deliveredCleanly, boolean sentDeliveredCleanly) {
    }

    /** Half the 95 % confidence interval of the mean of the figure at {@code path}; NaN without one. */
    public double halfWidth(String path) {
        FigureSpread spread = metrics == null ? null : metrics.get(path);
        return spread == null ? Double.NaN : spread.halfWidth();
    }
}
