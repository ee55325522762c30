package io.brokerbench.cli;

import java.io.PrintStream;

/** Lets tests of other packages run {@link WorkerMain} without making its entry point public API. */
public final class WorkerMainAccess {

    private WorkerMainAccess() {
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return WorkerMain.run(args, out, err);
    }
}
