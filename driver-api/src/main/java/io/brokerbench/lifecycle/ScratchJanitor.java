package io.brokerbench.lifecycle;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small shell process that removes one scratch directory once this JVM is gone, however it went:
 * a JVM killed with SIGKILL runs no shutdown hook, and a local broker's run directory can hold
 * gigabytes of broker data.
 *
 * <p>The shell waits on a pipe from this JVM. The kernel closes the pipe when the JVM dies (child
 * processes Java starts never inherit it), the shell reads end-of-file and removes the directory.
 * {@link #dismiss()} tells it to exit without removing anything. Nothing polls, and no pid is
 * watched that could be reused. The shell ignores SIGINT and SIGHUP: Ctrl-C reaches the whole
 * process group, and the directory must still be removed if the JVM is killed while it shuts down.
 * Removal is retried for a few seconds: a broker killed at the same moment may still finish a write.
 */
public final class ScratchJanitor {

    private static final String SCRIPT = String.join("\n",
            "trap '' HUP INT",
            "IFS= read -r word",
            "[ \"$word\" = keep ] && exit 0",
            "for attempt in 1 2 3 4 5; do rm -rf -- \"$1\" 2>/dev/null && exit 0; sleep 1; done",
            "exit 1");
    private static final long EXIT_WAIT_SECONDS = 10;

    private final Process shell;

    private ScratchJanitor(Process shell) {
        this.shell = shell;
    }

    /** Starts a janitor that removes {@code dir} if this JVM dies before {@link #dismiss()}. */
    public static ScratchJanitor watch(Path dir) throws IOException {
        Process shell = new ProcessBuilder(List.of("/bin/sh", "-c", SCRIPT, "brokerbench-janitor",
                dir.toAbsolutePath().toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new ScratchJanitor(shell);
    }

    /** Whether the janitor still waits (for tests). */
    public boolean isWatching() {
        return shell.isAlive();
    }

    /** Ends the janitor without removing the directory (its owner removed it, or keeps it on purpose). */
    public void dismiss() {
        try (OutputStream toShell = shell.getOutputStream()) {
            toShell.write("keep\n".getBytes(StandardCharsets.US_ASCII));
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
