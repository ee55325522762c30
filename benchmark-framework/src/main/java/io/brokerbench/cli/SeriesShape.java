package io.brokerbench.cli;

import io.brokerbench.workload.RateSweep;
import io.brokerbench.workload.Workload;

/**
 * How many runs one workload × driver makes, decided once from the workload and {@code --repeat}:
 * one run, the same run repeated (with a summary of their spread), or a rate sweep whose every step
 * is run {@code repeat} times. Above {@link io.brokerbench.workload.RunShape}, which says what each of
 * those runs does.
 */
sealed interface SeriesShape {

    /** One run, one result file. */
    record Single() implements SeriesShape {
    }

    /** {@code runs} runs of the same workload (more than one), then their summary. */
    record Repeated(int runs) implements SeriesShape {
    }

    /** A run per step of {@code sweep}, each step {@code repeat} times, then the sweep's result. */
    record Swept(RateSweep sweep, int repeat) implements SeriesShape {
    }

    static SeriesShape of(Workload workload, int repeat) {
        if (workload.sweep().wanted()) {
            return new Swept(workload.sweep(), repeat);
        }
        return repeat == 1 ? new Single() : new Repeated(repeat);
    }
}
