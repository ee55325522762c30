package io.brokerbench.cli;

import io.brokerbench.progress.ProgressLine;
import java.io.PrintStream;

/** Entry point of {@code bin/benchmark}: bad input is one line on stderr and exit code 2, never a stack trace. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        ProgressLine progress = ProgressLine.ofStandardOutput();
        PrintStream err = progress.guard(System.err);
        // the log's console appender writes to System.err at each event: its lines, too, clear the progress line first
        System.setErr(err);
        System.exit(run(args, progress.guard(System.out), err));
    }

    /**
     * @param out if guarded by a progress line (a study's), the runs' progress joins that line; else
     *     progress is shown as plain lines on it
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        ProgressLine progress = ProgressLine.around(out);
        PrintStream guardedOut = progress.guard(out);
        PrintStream guardedErr = progress.guard(err);
        return CommandLines.execute(new BenchmarkCli(guardedOut, progress), args, guardedOut, guardedErr, "");
    }
}
