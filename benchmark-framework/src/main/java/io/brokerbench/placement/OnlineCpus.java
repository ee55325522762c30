package io.brokerbench.placement;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The CPUs of this machine a process may be pinned to: the kernel's online list. */
public final class OnlineCpus {

    private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");

    private OnlineCpus() {
    }

    public static CpuList read() {
        return read(ONLINE, Runtime.getRuntime().availableProcessors());
    }

    /**
     * {@code file}'s list; where it cannot be read (not Linux) CPUs 0 to {@code fallbackCount - 1}.
     * availableProcessors is only the fallback: it counts the CPUs this JVM may use, which in a JVM
     * already pinned is fewer than the machine has.
     */
    static CpuList read(Path file, int fallbackCount) {
        try {
            return CpuList.parse(Files.readString(file, StandardCharsets.US_ASCII).strip());
        } catch (IOException | IllegalArgumentException e) {
            return CpuList.firstN(fallbackCount);
        }
    }
}
