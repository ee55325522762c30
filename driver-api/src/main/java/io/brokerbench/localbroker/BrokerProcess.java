package io.brokerbench.localbroker;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.lifecycle.ShutdownSequence;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One broker OS process: started with its output in a log file, polled until ready, stopped with a
 * grace period, and killed at JVM shutdown if still running (a benchmark interrupted with Ctrl-C or
 * a test JVM that exits must not leave brokers behind) — after any run has written its result. A
 * JVM killed with SIGKILL runs no shutdown hook: the kernel kills the broker then ({@link
 * TetheredProcess}).
 */
public final class BrokerProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerProcess.class);

    private static final Duration POLL = Duration.ofMillis(50);
    /** How much of a node's log that ended on its own is quoted: among its last lines, one line, cut short. */
    private static final int LAST_WORDS_LINES = 40;
    private static final int LAST_WORDS_CHARS = 300;
    /**
     * The taskset CPU list for the brokers this thread starts, or null: set by {@link LocalBrokers#start(String,
     * Path, String)} around a launcher's start, so that every launcher's broker starts pinned without each
     * launcher passing the list along. A thread-local, because launchers start their process on the
     * thread that asks them to.
     */
    private static final ThreadLocal<String> STARTING_ON = new ThreadLocal<>();

    private final String name;
    private final Process process;
    private final Path log;
    private final Runnable reaper;
    /** How it was started, to start it again with its data after a fault stopped it. */
    private final List<String> command;
    private final Path workDir;
    private final Map<String, String> environment;
    /** Whether a fault froze it (SIGSTOP) and nothing resumed it yet: then a stop resumes it first. */
    private volatile boolean frozen;
    /** Set before this harness stops or kills it: any other exit is the broker ending on its own. */
    private volatile boolean ending;

    private BrokerProcess(String name, Process process, Path log, List<String> command, Path workDir,
            Map<String, String> environment) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.command = List.copyOf(command);
        this.workDir = workDir;
        this.environment = Map.copyOf(environment);
        this.reaper = this::kill;
        ShutdownSequence.register(ShutdownSequence.Stage.STOP_BROKERS, reaper);
        process.onExit().thenRun(this::noticeExit);
    }

    /**
     * A broker that dies while a run uses it (a crash, the OOM killer, someone's kill) is said at once,
     * with how it ended, rather than left for the user to guess from stalled sends.
     */
    private void noticeExit() {
        if (!ending) {
            LOG.warn("local broker {} (pid {}) ended on its own: {}; its log: {}, which says last: {}", name, process.pid(),
                    exitStatus().orElse("ended"), log, lastWords());
        }
    }

    /**
     * The log's last error among its last lines, else its last line: why a node ended, as the run directory
     * holding the whole log is removed with the broker after the run.
     */
    String lastWords() {
        List<String> last = tail(LAST_WORDS_LINES).lines().filter(line -> !line.isBlank()).toList();
        String said = last.isEmpty() ? "nothing" : last.get(last.size() - 1);
        for (String line : last) {
            if (line.contains("ERROR") || line.contains("FATAL") || line.contains("Exception")) {
                said = line;
            }
        }
        String one = OneLine.text(said);
        return one.length() <= LAST_WORDS_CHARS ? one : one.substring(0, LAST_WORDS_CHARS) + " ...";
    }

    /**
     * Starts {@code command} in {@code workDir} with stdout and stderr appended to {@code log}; under
     * util-linux {@code taskset -c LIST} when started for a broker with CPUs of its own.
     */
    public static BrokerProcess start(String name, List<String> command, Path workDir, Path log,
            Map<String, String> environment) throws IOException {
        return launch(name, onCpus(STARTING_ON.get(), command), workDir, log, environment);
    }

    private static BrokerProcess launch(String name, List<String> command, Path workDir, Path log,
            Map<String, String> environment) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(environment);
        return new BrokerProcess(name, TetheredProcess.start(builder), log, command, workDir, environment);
    }

    /**
     * The same command started again, on the same CPUs, appending to the same log: a node that a fault
     * stopped or killed comes back with the data it left. This one must have exited.
     */
    public BrokerProcess startAgain() throws IOException {
        if (process.isAlive()) {
            throw new IllegalStateException(name + " is still running (pid " + process.pid() + ")");
        }
        ShutdownSequence.unregister(reaper);
        return launch(name, command, workDir, log, environment);
    }

    /** SIGKILL, as a crash: no shutdown of its own. Returns once the process is gone. */
    public void killNow() throws InterruptedException {
        ending = true;
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM, a clean shutdown: returns once the process has exited, SIGKILL after the grace period. */
    public void stopNow() {
        kill();
    }

    /** SIGSTOP (true) or SIGCONT (false): a frozen process holds its sockets and answers nothing. */
    public void freeze(boolean frozen) throws IOException, InterruptedException {
        this.frozen = frozen;
        Process kill = new ProcessBuilder("kill", frozen ? "-STOP" : "-CONT", Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        if (kill.waitFor() != 0 && process.isAlive()) {
            throw new IOException("kill " + (frozen ? "-STOP " : "-CONT ") + process.pid() + " failed: "
                    + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }

    /** How it ended, for a one-line note ("exited with code 1", "killed by signal 9"); empty while it runs. */
    public Optional<String> exitStatus() {
        if (process.isAlive()) {
            return Optional.empty();
        }
        int code = process.exitValue();
        // a JVM that shut down on SIGTERM also exits with 128 + 15: "ended", as it may have been clean
        return Optional.of(code == 128 + 9 ? "killed by signal 9" : code > 128 ? "ended by signal " + (code - 128)
                : "exited with code " + code);
    }

    /**
     * {@code command} run by taskset on {@code cpus}, which execs it in place (same pid): pinned from its
     * first instruction, a JVM broker sizes its GC and JIT threads for the CPUs it will run on.
     */
    static List<String> onCpus(String cpus, List<String> command) {
        if (cpus == null) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of("taskset", "-c", cpus));
        pinned.addAll(command);
        return pinned;
    }

    /** Runs {@code start} with the brokers it starts on this thread pinned to {@code cpus} (a taskset list). */
    static LocalBroker startingOn(String cpus, BrokerStart start) throws IOException, InterruptedException {
        String before = STARTING_ON.get();
        STARTING_ON.set(cpus);
        try {
            return start.start();
        } finally {
            STARTING_ON.set(before);
        }
    }

    /** A launcher's start, as {@link #startingOn} runs it. */
    @FunctionalInterface
    interface BrokerStart {
        LocalBroker start() throws IOException, InterruptedException;
    }

    /** The {@code java} of the JVM running the benchmark, for brokers that are JVMs themselves. */
    public static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Waits until {@code ready} holds; fails at once if the process exits, or after {@code timeout},
     * with the end of the broker's log in the message.
     */
    public void awaitReady(Duration timeout, BooleanSupplier ready) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (ready.getAsBoolean()) {
                return;
            }
            if (!process.isAlive()) {
                throw new IOException(name + " exited with code " + process.exitValue() + " before it was ready; "
                        + "log " + log + " ends with:\n" + tail(40));
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IOException(name + " was not ready after " + timeout.toSeconds() + " s; log " + log
                        + " ends with:\n" + tail(40));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Whether the log so far contains {@code text} (for brokers that announce readiness there). */
    public boolean logContains(String text) {
        try {
            return Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    public long pid() {
        return process.pid();
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log unreadable: " + OneLine.of(e) + ")";
        }
    }

    /** Stops the process: SIGTERM, up to 20 s for a clean shutdown, then SIGKILL. */
    @Override
    public void close() {
        kill();
        ShutdownSequence.unregister(reaper);
    }

    private void kill() {
        ending = true;
        // a paused (SIGSTOPped) node would not act on SIGTERM until the grace period ran out
        if (frozen) {
            try {
                freeze(false);
            } catch (IOException e) {
                // gone already, or kill(1) missing: SIGKILL after the grace period still ends it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
