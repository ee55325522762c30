package io.brokerbench.fault;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A user's fault command ({@code command:} or {@code undo:} of a fault), run by the coordinator with
 * {@code bash -c}: its output goes to a temporary file, not to the console (which is the run's), and
 * its last line is kept for the one-line note that says how it ended. Interrupting the waiting thread
 * ends the command and everything it started.
 */
final class FaultCommand {

    /** How a command ended: its exit code and the last non-empty line it printed ("" if none). */
    record Outcome(int exitCode, String lastLine) {

        boolean succeeded() {
            return exitCode == 0;
        }

        /** "exited with code 2: ssh: connect to host broker-2 port 22: No route to host" */
        String describe() {
            return "exited with code " + exitCode + (lastLine.isEmpty() ? "" : ": " + lastLine);
        }
    }

    private FaultCommand() {
    }

    static Outcome run(String command, Map<String, String> environment) throws IOException, InterruptedException {
        Path output = Files.createTempFile("brokerbench-fault-", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(environment);
            Process process = builder.start();
            try {
                int exitCode = process.waitFor();
                return new Outcome(exitCode, lastLine(new String(Files.readAllBytes(output), StandardCharsets.UTF_8)));
            } finally {
                if (process.isAlive()) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String lastLine(String output) {
        List<String> lines = output.lines().filter(line -> !line.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
    }
}
