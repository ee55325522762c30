package io.brokerbench.localbroker;

import io.brokerbench.driver.support.OneLine;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs apt-get, waiting while another apt or dpkg holds one of its locks (an unattended upgrade, a
 * second installer): apt-get itself gives up at once ({@code apt-get update} even with
 * {@code DPkg::Lock::Timeout}, which covers only dpkg's locks), so it is run again every poll
 * interval until it gets the lock or the wait runs out.
 */
final class AptGet {

    private static final Logger LOG = LoggerFactory.getLogger(AptGet.class);

    /** How long to wait for apt's locks, in seconds, when not the default of 300. */
    static final String LOCK_WAIT_PROPERTY = "benchmark.aptLockWaitSeconds";
    static final Duration DEFAULT_LOCK_WAIT = Duration.ofMinutes(5);
    private static final Duration POLL = Duration.ofSeconds(2);
    private static final long COMMAND_TIMEOUT_MINUTES = 10;

    /** apt's message in the C locale, e.g. "Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 123 (apt)". */
    private static final Pattern LOCKED = Pattern.compile("Could not get lock (/\\S+?)\\.?(?=\\s|$)");
    private static final Pattern HOLDER = Pattern.compile("held by process (\\d+)(?: \\(([^)]*)\\))?");

    private final Duration lockWait;
    private final Duration poll;
    private final Consumer<String> status;

    AptGet(Duration lockWait, Duration poll, Consumer<String> status) {
        this.lockWait = lockWait;
        this.poll = poll;
        this.status = status;
    }

    /** Waits as long as {@code -Dbenchmark.aptLockWaitSeconds} says (default 5 minutes), telling the log. */
    static AptGet configured() {
        String seconds = System.getProperty(LOCK_WAIT_PROPERTY);
        Duration wait = DEFAULT_LOCK_WAIT;
        if (seconds != null) {
            try {
                wait = Duration.ofSeconds(Long.parseLong(seconds.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-D" + LOCK_WAIT_PROPERTY + "=" + seconds + ": not a whole number of seconds");
            }
        }
        return new AptGet(wait, POLL, LOG::info);
    }

    /** {@code apt-get ARGS}, its output appended to {@code log}; waits for a locked apt as described above. */
    void run(List<String> args, Path log) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("apt-get"));
        command.addAll(args);
        String shown = "'" + String.join(" ", command) + "'";
        long deadline = System.nanoTime() + lockWait.toNanos();
        boolean told = false;
        while (true) {
            long logged = Files.exists(log) ? Files.size(log) : 0;
            int exit = runOnce(command, shown, log);
            if (exit == 0) {
                return;
            }
            Optional<String> lock = heldLock(outputSince(log, logged));
            if (lock.isEmpty()) {
                throw new IOException(shown + " failed with code " + exit + " (see " + log
                        + "; installing needs root and a reachable Debian mirror)");
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new IOException(shown + " gave up after waiting " + lockWait.toSeconds() + " s for " + lock.get()
                        + " (raise -D" + LOCK_WAIT_PROPERTY + ", or retry when it is done)");
            }
            if (!told) {
                status.accept("waiting up to " + lockWait.toSeconds() + " s for " + lock.get() + " ...");
                told = true;
            }
            Thread.sleep(poll.toMillis());
        }
    }

    /** The lock apt could not get and who holds it, as apt-get reported it: "LOCK, held by process N (NAME)". */
    static Optional<String> heldLock(String output) {
        Matcher locked = LOCKED.matcher(output);
        if (!locked.find()) {
            return Optional.empty();
        }
        Matcher holder = HOLDER.matcher(output);
        if (!holder.find(locked.end())) {
            return Optional.of(locked.group(1) + ", held by another apt or dpkg");
        }
        return Optional.of(locked.group(1) + ", held by process " + holder.group(1)
                + (holder.group(2) == null ? "" : " (" + holder.group(2) + ")"));
    }

    private static int runOnce(List<String> command, String shown, Path log) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
        // apt's messages in English, so that a held lock is recognised
        builder.environment().put("LC_ALL", "C");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException("cannot run " + shown + ": " + OneLine.message(e) + " (install the package by hand)", e);
        }
        if (!process.waitFor(COMMAND_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException(shown + " took over " + COMMAND_TIMEOUT_MINUTES + " min (see " + log + ")");
        }
        return process.exitValue();
    }

    private static String outputSince(Path log, long offset) throws IOException {
        try (InputStream in = Files.newInputStream(log)) {
            in.skipNBytes(offset);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
