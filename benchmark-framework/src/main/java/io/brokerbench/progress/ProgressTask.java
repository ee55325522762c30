package io.brokerbench.progress;

import java.util.OptionalLong;

/**
 * One activity on a {@link ProgressLine}: its steps, which one is under way, and what is left of it.
 * Opened by {@link ProgressLine#steps} or {@link ProgressLine#windows}; close it (try-with-resources)
 * when the activity ends, however it ends, so the line never outlives it.
 *
 * <p>Steps are counted from 1. {@link #at} says which step is under way; the steps before it are
 * done. A step may span several units (a study's group of runs), so the time per unit, and with it
 * the estimate, stays fair when groups differ in size.
 */
public final class ProgressTask implements AutoCloseable {

    private final ProgressLine line;
    private final String noun;
    private final int total;
    private final int atMost;
    private final long startNanos;
    /** The first and last unit of the step under way; 0 before the first step. */
    private int first;
    private int last;
    private String detail = "";
    /** When the first step began and how many units were done then: the basis of the time per unit. */
    private long firstStepNanos;
    private int doneAtFirstStep = -1;
    private long stepStartNanos;
    private boolean closed;

    ProgressTask(ProgressLine line, String noun, int total, int atMost, long startNanos) {
        this.line = line;
        this.noun = noun;
        this.total = total;
        this.atMost = atMost;
        this.startNanos = startNanos;
    }

    /** Step {@code step} is under way; {@code detail} (may be empty) is shown after it, e.g. "(5,000 msg/s)". */
    public void at(int step, String detail) {
        at(step, step, detail);
    }

    /**
     * Units {@code first} to {@code last} are under way as one step; those before {@code first} are
     * done. Step 0 is the time before the first step (a sweep's search for its maximum): it counts
     * towards no unit's time.
     */
    public void at(int first, int last, String detail) {
        if (first < 0 || last < first || (first == 0 && last != 0) || (total > 0 && last > total)) {
            throw new IllegalArgumentException("progress of " + noun + ": step " + first + "-" + last + " of " + total);
        }
        synchronized (line) {
            long now = line.nanoTime();
            this.first = first;
            this.last = last;
            this.detail = detail == null ? "" : detail;
            this.stepStartNanos = now;
            if (first > 0 && doneAtFirstStep < 0) {
                doneAtFirstStep = first - 1;
                firstStepNanos = now;
            }
            line.stepped(this);
        }
    }

    /** Ends the activity: it leaves the line. Closing twice does nothing. */
    @Override
    public void close() {
        synchronized (line) {
            if (!closed) {
                closed = true;
                line.closed(this);
            }
        }
    }

    long startNanos() {
        return startNanos;
    }

    /** "sweep step 4 of 8 (5,000 msg/s)", "search window 7 (at most 40) [12,500, 25,000] msg/s". */
    String describe() {
        StringBuilder text = new StringBuilder(noun).append(' ').append(first);
        if (last > first) {
            text.append('-').append(last);
        }
        if (total > 0) {
            text.append(" of ").append(total);
        } else if (atMost > 0) {
            text.append(" (at most ").append(atMost).append(')');
        }
        if (!detail.isEmpty()) {
            text.append(' ').append(detail);
        }
        return text.toString();
    }

    /**
     * Nanoseconds left of this activity at {@code now}, empty when there is no basis: its total is
     * unknown, or no step has ended and the activity inside the current step has no estimate either.
     *
     * <p>The time per unit is the average of the units done. The current step's remainder is the
     * estimate of the activity inside it when there is one ({@code inner}: a search inside run 2 of
     * 3), else the average less the time the step has run. Before any unit is done, the current
     * step's estimated length (elapsed plus what the inner activity has left) stands for every unit.
     * A last step that has overrun the average has no basis left.
     */
    OptionalLong remainingNanos(long now, OptionalLong inner) {
        if (total <= 0 || first == 0) {
            return OptionalLong.empty();
        }
        int span = last - first + 1;
        int after = total - last;
        int done = first - 1 - doneAtFirstStep;
        long inCurrent = now - stepStartNanos;
        double perUnit = done > 0 ? (stepStartNanos - firstStepNanos) / (double) done : Double.NaN;
        double currentLeft;
        if (inner.isPresent()) {
            currentLeft = inner.getAsLong();
        } else if (done > 0) {
            currentLeft = Math.max(0, perUnit * span - inCurrent);
        } else {
            return OptionalLong.empty();
        }
        if (done == 0) {
            perUnit = (inCurrent + currentLeft) / span;
        }
        long left = Math.round(currentLeft + after * perUnit);
        return left > 0 ? OptionalLong.of(left) : OptionalLong.empty();
    }
}
