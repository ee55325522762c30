package io.brokerbench.progress;

import io.brokerbench.time.NanoClock;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Where a long activity is (a study, a sweep, --repeat, a max-rate search, nested as they run), how
 * long it has taken and what is left: "progress: 12m03s elapsed, ~25m left | run 2 of 3 > search
 * window 7 (at most 40) [12,500, 25,000] msg/s".
 *
 * <p>On a terminal it is one line, redrawn in place with {@code \r} at each step and after every
 * line of other output. Everything else the command prints goes through {@link #guard} streams,
 * which clear the line before they write and redraw it once their line is complete, so the
 * one-line-per-interval output is never broken by it. Elsewhere (a pipe, a file, CI) each step is an
 * ordinary line. There is no timer thread: the elapsed time moves when the output does, which on a
 * run is every interval.
 *
 * <p>Printed, not logged, on the command's standard output, beside the lines it explains.
 */
public final class ProgressLine {

    /** Terminals narrower than this are rare; a line longer than the terminal would wrap and not redraw. */
    static final int DEFAULT_WIDTH = 80;

    private final PrintStream target;
    private final ProgressMode mode;
    private final NanoClock clock;
    private final int width;
    private final List<ProgressTask> tasks = new ArrayList<>();
    /** Characters of the line now on the terminal, 0 when none is. */
    private int shown;
    /** Whether the other output last ended its line: a line may only be drawn at a line's start. */
    private boolean atLineStart = true;

    /**
     * @param target where the line goes (standard output), unguarded
     * @param width the terminal's columns: the line is cut to fit, a longer one would wrap
     */
    public ProgressLine(PrintStream target, ProgressMode mode, NanoClock clock, int width) {
        this.target = target;
        this.mode = mode;
        this.clock = clock;
        this.width = Math.max(20, width);
    }

    /** The line of this process's standard output: on a terminal unless it is not one or CI is set. */
    public static ProgressLine ofStandardOutput() {
        return new ProgressLine(System.out, ProgressMode.ofThisProcess(), NanoClock.SYSTEM, columns());
    }

    /**
     * The line {@code out} is guarded by, so an activity run inside another (bin/benchmark inside a
     * study) joins its line; else a new one of plain lines on {@code out}, which is then not known to
     * be a terminal.
     */
    public static ProgressLine around(PrintStream out) {
        return out instanceof GuardedStream guarded ? guarded.line()
                : new ProgressLine(out, ProgressMode.PLAIN, NanoClock.SYSTEM, DEFAULT_WIDTH);
    }

    /** A line that shows nothing (--no-progress), on {@code out}: activities inside it join it and show nothing either. */
    public static ProgressLine off(PrintStream out) {
        return new ProgressLine(out, ProgressMode.OFF, NanoClock.SYSTEM, DEFAULT_WIDTH);
    }

    public ProgressMode mode() {
        return mode;
    }

    /** An activity of {@code total} steps, each shown as "{@code noun} 3 of 10". */
    public ProgressTask steps(String noun, int total) {
        if (total < 1) {
            throw new IllegalArgumentException("progress of " + noun + ": " + total + " steps");
        }
        return open(noun, total, 0);
    }

    /** An activity whose number of steps is unknown but at most {@code atMost}: "{@code noun} 7 (at most 40)". */
    public ProgressTask windows(String noun, int atMost) {
        return open(noun, 0, atMost);
    }

    private synchronized ProgressTask open(String noun, int total, int atMost) {
        ProgressTask task = new ProgressTask(this, noun, total, atMost, clock.nanoTime());
        tasks.add(task);
        return task;
    }

    /**
     * {@code stream}, writing through this line: it clears the line before it writes and redraws it
     * after each complete line. {@code stream} itself if it already is one of this line's.
     */
    public PrintStream guard(PrintStream stream) {
        if (stream instanceof GuardedStream guarded && guarded.line() == this) {
            return stream;
        }
        return new GuardedStream(this, stream);
    }

    long nanoTime() {
        return clock.nanoTime();
    }

    /** Called with the lock held by a task that moved to a new step. */
    void stepped(ProgressTask task) {
        if (!tasks.contains(task)) {
            return;
        }
        if (mode == ProgressMode.TERMINAL) {
            draw();
        } else if (mode == ProgressMode.PLAIN) {
            target.println(text());
            target.flush();
        }
    }

    /** Called with the lock held by a task that ended. */
    void closed(ProgressTask task) {
        tasks.remove(task);
        if (mode == ProgressMode.TERMINAL) {
            if (tasks.isEmpty()) {
                clear();
            } else {
                draw();
            }
        }
    }

    /** Other output: the line is cleared, {@code write} runs, and the line is drawn again if that output ended a line. */
    synchronized void otherOutput(Runnable write, PrintStream to, boolean endsLine) {
        clear();
        write.run();
        atLineStart = endsLine;
        if (mode == ProgressMode.TERMINAL && !tasks.isEmpty() && endsLine) {
            // the other output first, in case it went to another stream than the line's
            to.flush();
            draw();
        }
    }

    private void draw() {
        if (!atLineStart || tasks.isEmpty()) {
            return;
        }
        String text = text();
        if (text.length() > width - 1) {
            text = text.substring(0, width - 4) + "...";
        }
        // spaces over whatever is left of a longer line before; the cursor ends after the text
        target.print("\r" + text + " ".repeat(Math.max(0, shown - text.length())));
        shown = Math.max(shown, text.length());
        target.flush();
    }

    private void clear() {
        if (shown > 0) {
            target.print("\r" + " ".repeat(shown) + "\r");
            target.flush();
            shown = 0;
        }
    }

    /** The line as shown: time first, so a line cut to the terminal's width keeps it. */
    String text() {
        long now = clock.nanoTime();
        OptionalLong left = OptionalLong.empty();
        for (int i = tasks.size() - 1; i >= 0; i--) {
            left = tasks.get(i).remainingNanos(now, left);
        }
        StringBuilder text = new StringBuilder("progress: ")
                .append(ElapsedTime.format(now - tasks.get(0).startNanos())).append(" elapsed, ")
                .append(left.isEmpty() ? "?" : left.getAsLong() < 500_000_000L ? "<1s" : "~" + ElapsedTime.format(left.getAsLong()))
                .append(" left |");
        String separator = " ";
        for (ProgressTask task : tasks) {
            text.append(separator).append(task.describe());
            separator = " > ";
        }
        return text.toString();
    }

    private static int columns() {
        try {
            String columns = System.getenv("COLUMNS");
            return columns == null ? DEFAULT_WIDTH : Integer.parseInt(columns.trim());
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }
}
