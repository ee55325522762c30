package io.brokerbench.localbroker;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts child processes that die with this JVM, also when it is killed with SIGKILL and no shutdown
 * hook runs: a coordinator killed mid-run must not leave a broker behind.
 *
 * <p>The command runs under util-linux {@code setpriv --pdeathsig KILL}, which asks the kernel
 * (prctl PR_SET_PDEATHSIG) to SIGKILL the child when its parent goes, then execs the command in
 * place: the process Java holds is the broker itself (same pid, SIGTERM on {@code destroy()} reaches
 * the broker, its exit code is the broker's). A watchdog wrapper polling this JVM's pid would do
 * the same with a second process in between, pid-reuse races and signal forwarding of its own.
 *
 * <p>The kernel takes "parent" to be the <em>thread</em> that forked the child (Java forks from the
 * thread calling {@code ProcessBuilder.start}): a broker started from a short-lived thread would be
 * killed as soon as that thread ends. So every start runs on one daemon thread that lives as long
 * as the JVM.
 *
 * <p>Without setpriv (not Linux, or util-linux missing) the command starts as it is, and a broker
 * then outlives a SIGKILLed JVM as before; a warning says so once.
 */
public final class TetheredProcess {

    private static final Logger LOG = LoggerFactory.getLogger(TetheredProcess.class);

    private static final String SETPRIV = "setpriv";
    private static final ExecutorService STARTER = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "brokerbench-process-starter");
        thread.setDaemon(true);
        return thread;
    });
    private static final Path SETPRIV_PATH = find(SETPRIV, System.getenv("PATH")).orElse(null);
    private static boolean warned;

    private TetheredProcess() {
    }

    /** Starts {@code builder}'s command (prefixed by setpriv in place) so that it dies with this JVM. */
    public static Process start(ProcessBuilder builder) throws IOException {
        builder.command(tethered(builder.command()));
        Future<Process> started = STARTER.submit(builder::start);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return started.get();
                } catch (InterruptedException e) {
                    // starting takes milliseconds; giving up on it would leave a process nobody stops
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static List<String> tethered(List<String> command) {
        if (SETPRIV_PATH == null) {
            warnOnce();
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of(SETPRIV_PATH.toString(), "--pdeathsig", "KILL", "--"));
        wrapped.addAll(command);
        return wrapped;
    }

    private static synchronized void warnOnce() {
        if (!warned) {
            warned = true;
            LOG.warn("{} (util-linux) not found on PATH: a local broker outlives this process if it is killed with"
                    + " SIGKILL", SETPRIV);
        }
    }

    /** The executable {@code name} in the first directory of {@code path} (a PATH value) that holds one. */
    static Optional<Path> find(String name, String path) {
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            try {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            } catch (InvalidPathException ignored) {
                // a malformed PATH entry holds nothing
            }
        }
        return Optional.empty();
    }
}
