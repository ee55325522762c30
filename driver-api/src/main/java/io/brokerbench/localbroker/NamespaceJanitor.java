package io.brokerbench.localbroker;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small shell process that removes the network namespaces and links a {@link NodeNamespaces} made,
 * once this JVM is gone however it went (a JVM killed with SIGKILL runs no shutdown hook), as {@link
 * io.brokerbench.lifecycle.ScratchJanitor} does for a run directory: it reads from a pipe that the
 * kernel closes when the JVM dies.
 *
 * <p>It is told each thing only once it was made ({@link #owns}), so it never removes a name another
 * program holds: the names carry a tag drawn for one cluster, and a name that existed already fails to
 * be made and is never told. By the time the kernel closes the pipe the nodes are dead (they die with
 * the JVM, {@link TetheredProcess}); a namespace still held by a dying process is unnamed at once and
 * freed by the kernel when its last process ends. It ignores SIGINT and SIGHUP, as Ctrl-C reaches the
 * whole process group.
 */
final class NamespaceJanitor {

    /** What a line names: a namespace ({@code ip netns del}) or a link in this namespace ({@code ip link del}). */
    enum Kind {
        NETNS, LINK
    }

    private static final String SCRIPT = String.join("\n",
            "trap '' HUP INT",
            "ip=$1",
            "owned=''",
            "while IFS= read -r line; do",
            "  [ \"$line\" = keep ] && exit 0",
            "  owned=\"$line",
            "$owned\"",
            "done",
            // namespaces first (a node's veth pair goes with its namespace), then the bridge and strays
            "printf '%s\\n' \"$owned\" | while read -r kind name; do",
            "  [ \"$kind\" = NETNS ] && \"$ip\" netns del \"$name\"",
            "done",
            "printf '%s\\n' \"$owned\" | while read -r kind name; do",
            "  [ \"$kind\" = LINK ] && \"$ip\" link del \"$name\"",
            "done",
            "exit 0");
    private static final long EXIT_WAIT_SECONDS = 10;

    private final Process shell;
    private final OutputStream toShell;

    private NamespaceJanitor(Process shell) {
        this.shell = shell;
        this.toShell = shell.getOutputStream();
    }

    /** Starts a janitor that owns nothing yet; {@code ip} is the iproute2 binary it removes things with. */
    static NamespaceJanitor start(Path ip) throws IOException {
        Process shell = new ProcessBuilder(List.of("/bin/sh", "-c", SCRIPT, "brokerbench-netns-janitor", ip.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new NamespaceJanitor(shell);
    }

    /** Tells the janitor that this JVM made {@code name}: it removes it if the JVM dies before {@link #dismiss}. */
    synchronized void owns(Kind kind, String name) throws IOException {
        toShell.write((kind + " " + name + "\n").getBytes(StandardCharsets.US_ASCII));
        toShell.flush();
    }

    /** Ends the janitor without removing anything: its owner removed everything itself. */
    synchronized void dismiss() {
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
