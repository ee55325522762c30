package io.brokerbench.placement;

import io.brokerbench.driver.support.OneLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A process's CPU affinity: read from {@code /proc/PID/status}, set with util-linux
 * {@code taskset -a -p -c LIST PID}, which pins every thread the process has; threads it starts later
 * inherit the set from the thread that starts them.
 */
public final class CpuAffinity {

    private static final String ALLOWED = "Cpus_allowed_list:";
    private static final long TASKSET_TIMEOUT_SECONDS = 10;

    private CpuAffinity() {
    }

    /** The CPUs {@code pid} may run on, or empty where /proc does not tell (not Linux, process gone). */
    public static Optional<CpuList> of(long pid) {
        try {
            return fromStatus(Files.readString(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The {@code Cpus_allowed_list} line of a {@code /proc/PID/status} text. */
    static Optional<CpuList> fromStatus(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith(ALLOWED)) {
                try {
                    return Optional.of(CpuList.parse(line.substring(ALLOWED.length()).strip()));
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** Pins {@code process} and each of its descendants (a broker started through a wrapper) to {@code cpus}. */
    public static void pinTree(ProcessHandle process, CpuList cpus) throws IOException, InterruptedException {
        pin(process.pid(), cpus);
        for (ProcessHandle child : (Iterable<ProcessHandle>) process.descendants()::iterator) {
            if (child.isAlive()) {
                pin(child.pid(), cpus);
            }
        }
    }

    /** Pins every thread of {@code pid} to {@code cpus}; a failure names the command and what it printed. */
    public static void pin(long pid, CpuList cpus) throws IOException, InterruptedException {
        List<String> command = command(pid, cpus);
        Process taskset;
        try {
            taskset = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot pin process " + pid + " to CPUs " + cpus + ": cannot run taskset (util-linux): "
                    + OneLine.message(e), e);
        }
        taskset.getOutputStream().close();
        String output;
        try (var in = taskset.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        if (!taskset.waitFor(TASKSET_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            taskset.destroyForcibly();
            throw new IOException("cannot pin process " + pid + " to CPUs " + cpus + ": '" + String.join(" ", command)
                    + "' did not finish in " + TASKSET_TIMEOUT_SECONDS + " s");
        }
        if (taskset.exitValue() != 0) {
            throw new IOException("cannot pin process " + pid + " to CPUs " + cpus + ": '" + String.join(" ", command)
                    + "' exited with code " + taskset.exitValue() + ": " + output.replace('\n', ' '));
        }
    }

    static List<String> command(long pid, CpuList cpus) {
        return new ArrayList<>(List.of("taskset", "-a", "-p", "-c", cpus.toString(), Long.toString(pid)));
    }
}
