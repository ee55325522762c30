package io.brokerbench.placement;

import java.io.IOException;

/**
 * Pins this JVM, the in-process load generator, to {@code --client-cpus}.
 *
 * <p>bin/benchmark starts java under {@code taskset -c LIST} when it is given the option, so this JVM
 * is pinned before its first instruction: the JVM sizes its GC worker threads, JIT compiler threads
 * and the common fork-join pool from availableProcessors at start-up, and a JVM pinned later keeps
 * the thread counts of the whole machine while running on fewer cores — a client that behaves unlike
 * one that really has that many cores. When this JVM was started some other way it pins itself here
 * ({@code taskset -a -p}, all its threads), before any load thread exists, and says so.
 */
public final class ClientPinning {

    private ClientPinning() {
    }

    /** Whether this JVM had to pin itself (true), or was started on exactly these CPUs already (false). */
    public static boolean pinSelf(CpuList cpus) throws IOException, InterruptedException {
        long pid = ProcessHandle.current().pid();
        if (CpuAffinity.of(pid).filter(cpus::equals).isPresent()) {
            return false;
        }
        CpuAffinity.pin(pid, cpus);
        return true;
    }

    /** This JVM's CPUs as the kernel says, else {@code fallback}. */
    public static CpuList current(CpuList fallback) {
        return CpuAffinity.of(ProcessHandle.current().pid()).orElse(fallback);
    }
}
