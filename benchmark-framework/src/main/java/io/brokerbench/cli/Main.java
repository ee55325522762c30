package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.worker.DriverException;
import java.io.PrintStream;
import picocli.CommandLine;

/** Entry point of {@code bin/benchmark}: bad input is one line on stderr and exit code 2, never a stack trace. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine command = new CommandLine(new BenchmarkCli(out));
        command.setOut(new java.io.PrintWriter(out, true));
        command.setErr(new java.io.PrintWriter(err, true));
        command.setParameterExceptionHandler((ex, arguments) -> {
            err.println("error: " + ex.getMessage().replaceAll("\\s*\\R\\s*", " ") + " (see --help)");
            return ExitCode.BAD_INPUT;
        });
        command.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof ConfigException) {
                err.println("error: " + ex.getMessage());
                return ExitCode.BAD_INPUT;
            }
            if (ex instanceof DriverException || ex instanceof java.io.IOException) {
                err.println("error: " + ex.getMessage());
                return ExitCode.RUN_FAILED;
            }
            throw ex;
        });
        return command.execute(args);
    }
}
