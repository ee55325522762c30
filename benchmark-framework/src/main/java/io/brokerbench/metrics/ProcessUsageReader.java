package io.brokerbench.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * CPU time and resident memory of another process (a local broker), read from the OS: CPU through
 * the JDK's {@link ProcessHandle.Info} (which converts the kernel's clock ticks), resident memory
 * from {@code /proc/<pid>/status} (Linux only; elsewhere it is not known). Processes the broker
 * forks are not included: the brokers run as one process.
 */
public final class ProcessUsageReader {

    /** One reading. @param residentBytes -1 where the OS does not tell */
    public record Usage(double cpuSeconds, long residentBytes) {
    }

    private final ProcessHandle process;
    private final Path status;

    public ProcessUsageReader(ProcessHandle process) {
        this(process, Path.of("/proc", Long.toString(process.pid()), "status"));
    }

    ProcessUsageReader(ProcessHandle process, Path status) {
        this.process = process;
        this.status = status;
    }

    /** The process's usage now; empty once it has exited (or if the OS gives no CPU time). */
    public Optional<Usage> read() {
        Optional<Duration> cpu = process.info().totalCpuDuration();
        if (!process.isAlive() || cpu.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Usage(cpu.get().toNanos() / 1e9, residentBytes()));
    }

    private long residentBytes() {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    return residentBytes(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process exited between the two reads
        }
        return -1;
    }

    /** {@code VmRSS:   123456 kB} to bytes. */
    static long residentBytes(String vmRssLine) {
        String[] fields = vmRssLine.trim().split("\\s+");
        if (fields.length != 3 || !fields[2].equals("kB")) {
            return -1;
        }
        return Long.parseLong(fields[1]) * 1024;
    }
}
