package io.brokerbench.lifecycle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A small shell process that removes one scratch directory once this JVM is gone, however it went:
 * a JVM killed with SIGKILL runs no shutdown hook, and a local broker's run directory can hold
 * gigabytes of broker data.
 *
 * <p>The shell ({@link JanitorShell}) waits on a pipe from this JVM, reads end-of-file when the JVM
 * dies and removes the directory; {@link #dismiss()} tells it to exit without removing anything. It
 * ignores SIGINT and SIGHUP: the directory must still be removed if the JVM is killed while it shuts down.
 * Removal is retried for a few seconds: a broker killed at the same moment may still finish a write.
 */
public final class ScratchJanitor {

    private static final String SCRIPT = String.join("\n",
            "trap '' HUP INT",
            "IFS= read -r word",
            "[ \"$word\" = keep ] && exit 0",
            "for attempt in 1 2 3 4 5; do rm -rf -- \"$1\" 2>/dev/null && exit 0; sleep 1; done",
            "exit 1");

    private final JanitorShell shell;

    private ScratchJanitor(JanitorShell shell) {
        this.shell = shell;
    }

    /** Starts a janitor that removes {@code dir} if this JVM dies before {@link #dismiss()}. */
    public static ScratchJanitor watch(Path dir) throws IOException {
        return new ScratchJanitor(JanitorShell.start(SCRIPT, "brokerbench-janitor", List.of(dir.toAbsolutePath().toString())));
    }

    /** Whether the janitor still waits (for tests). */
    public boolean isWatching() {
        return shell.isWaiting();
    }

    /** Ends the janitor without removing the directory (its owner removed it, or keeps it on purpose). */
    public void dismiss() {
        shell.dismiss();
    }
}
