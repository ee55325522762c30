package io.brokerbench.capacity;

/**
 * Where a {@link MaxRateSearch} is: the window it is about to measure, of at most how many, and the
 * bracket it has narrowed the sustainable rate to.
 *
 * @param window      the window about to be measured, from 1
 * @param maxWindows  the most windows the search measures
 * @param lowerBound  the highest rate that held and was not contradicted by a failure below it; 0 when none has
 * @param upperBound  the lowest rate that failed; infinite when none has
 */
public record SearchProgress(int window, int maxWindows, double lowerBound, double upperBound) {
}
