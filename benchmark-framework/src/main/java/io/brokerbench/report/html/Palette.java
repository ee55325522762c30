package io.brokerbench.report.html;

import io.brokerbench.stats.Percentile;

/** Colours: one per run in comparisons (distinguishable, also for common colour blindness), one per statistic within a run. */
final class Palette {

    private static final String[] RUNS = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c564b"};

    static final String PUBLISH = "#0072b2";
    static final String CONSUME = "#009e73";
    static final String ERRORS = "#c0392b";
    static final String BACKLOG = "#7b5ea7";
    static final String MEASURED = "#0072b2";
    static final String FROM_INTENDED = "#d55e00";
    static final String BROKER = "#555555";
    static final String RETRIES = "#e69f00";

    private Palette() {
    }

    static String run(int index) {
        return RUNS[index % RUNS.length];
    }

    static String percentile(Percentile percentile) {
        return switch (percentile) {
            case P50 -> "#0072b2";
            case P99 -> "#e69f00";
            case P999 -> "#d55e00";
            case MAX -> "#555555";
            default -> "#999999";
        };
    }
}
