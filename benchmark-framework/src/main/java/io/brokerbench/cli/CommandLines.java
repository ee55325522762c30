package io.brokerbench.cli;

import io.brokerbench.config.ConfigException;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.worker.DriverException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * The one way every bin/ command reports errors: a bad option or bad input file is one line on
 * stderr and exit code 2; a failure to do the work (I/O, a driver, a broker) is one line and exit
 * code 1. Anything else is a bug and keeps its stack trace. Printed, not logged, deliberately: the
 * line at exit is the command's answer, shown whatever the log level.
 */
final class CommandLines {

    private CommandLines() {
    }

    /**
     * @param failurePrefix put before the message of a failure, e.g. "could not start the worker: "
     */
    static int execute(Object command, String[] args, PrintStream out, PrintStream err, String failurePrefix) {
        CommandLine commandLine = new CommandLine(command);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler((ex, arguments) -> {
            err.println("error: " + OneLine.message(ex) + " (see --help)");
            return ExitCode.BAD_INPUT;
        });
        commandLine.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof ConfigException) {
                err.println("error: " + OneLine.message(ex));
                return ExitCode.BAD_INPUT;
            }
            if (ex instanceof DriverException || ex instanceof IOException) {
                err.println("error: " + failurePrefix + OneLine.message(ex));
                return ExitCode.RUN_FAILED;
            }
            throw ex;
        });
        return commandLine.execute(args);
    }
}
