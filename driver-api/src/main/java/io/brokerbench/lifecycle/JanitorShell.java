package io.brokerbench.lifecycle;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small {@code sh} process that cleans up after this JVM however it ends: its script reads lines from
 * a pipe that the kernel closes when the JVM dies (child processes Java starts never inherit it), and
 * acts on end-of-file; the line {@code keep} ({@link #dismiss}) tells it to exit without acting. Nothing
 * polls, and no pid is watched that could be reused. Each janitor ({@link ScratchJanitor}, the network
 * namespaces' janitor) brings its own script; the script should ignore SIGINT and SIGHUP, as Ctrl-C
 * reaches the whole process group.
 */
public final class JanitorShell {

    private static final long EXIT_WAIT_SECONDS = 10;

    private final Process shell;
    private final OutputStream toShell;

    private JanitorShell(Process shell) {
        this.shell = shell;
        this.toShell = shell.getOutputStream();
    }

    /** Starts {@code script} as {@code sh -c script name args...} ({@code $0} is {@code name}). */
    public static JanitorShell start(String script, String name, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", script, name));
        command.addAll(args);
        Process shell = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new JanitorShell(shell);
    }

    /** Sends the script one line. */
    public synchronized void tell(String line) throws IOException {
        toShell.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        toShell.flush();
    }

    /** Whether the janitor still waits (for tests). */
    public boolean isWaiting() {
        return shell.isAlive();
    }

    /** Ends the janitor without cleaning anything: its owner cleaned up itself, or keeps things on purpose. */
    public synchronized void dismiss() {
        try (OutputStream out = toShell) {
            out.write("keep\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException gone) {
            // the shell ended already; nothing is left to dismiss
        }
        try {
            if (!shell.waitFor(EXIT_WAIT_SECONDS, TimeUnit.SECONDS)) {
                shell.destroyForcibly();
            }
        } catch (InterruptedException e) {
            shell.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
