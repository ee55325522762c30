package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.JanitorShell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
    private final JanitorShell shell;

    private NamespaceJanitor(JanitorShell shell) {
        this.shell = shell;
    }

    /** Starts a janitor that owns nothing yet; {@code ip} is the iproute2 binary it removes things with. */
    static NamespaceJanitor start(Path ip) throws IOException {
        return new NamespaceJanitor(JanitorShell.start(SCRIPT, "brokerbench-netns-janitor", List.of(ip.toString())));
    }

    /** Tells the janitor that this JVM made {@code name}: it removes it if the JVM dies before {@link #dismiss}. */
    void owns(Kind kind, String name) throws IOException {
        shell.tell(kind + " " + name);
    }

    /** Ends the janitor without removing anything: its owner removed everything itself. */
    void dismiss() {
        shell.dismiss();
    }
}
