package io.brokerbench.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Short system commands (ip, ssh-keygen, ...) run to completion, output and exit code kept together. */
final class Commands {

    private static final long TIMEOUT_SECONDS = 60;

    private Commands() {
    }

    /** Runs a command; null on success, else the command line and its output. */
    static String failure(String... command) throws InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return String.join(" ", command) + ": " + e.getMessage();
        }
        String output;
        try {
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            output = e.getMessage();
        }
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return String.join(" ", command) + ": no exit within " + TIMEOUT_SECONDS + " s";
        }
        return process.exitValue() == 0 ? null : String.join(" ", command) + ": exit " + process.exitValue() + ": " + output;
    }

    /** Runs a command that must succeed. */
    static void check(String... command) throws IOException, InterruptedException {
        String failure = failure(command);
        if (failure != null) {
            throw new IOException(failure);
        }
    }

    /** The standard output of a command that must succeed (standard error is discarded). */
    static String output(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + ": no exit within " + TIMEOUT_SECONDS + " s");
        }
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": exit " + process.exitValue());
        }
        return output;
    }

    /** Whether a program is on the PATH. */
    static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(":"))
                .anyMatch(dir -> java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, program)));
    }
}
