package io.brokerbench.cli;

import java.io.PrintStream;

/** Entry point of {@code bin/benchmark}: bad input is one line on stderr and exit code 2, never a stack trace. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return CommandLines.execute(new BenchmarkCli(out), args, out, err, "");
    }
}
