package io.brokerbench.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time used by this JVM and by the calling thread: the load generator's cost per message, and
 * what recording the metrics cost, in every result.
 */
public final class CpuTime {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuTime() {
    }

    public static double processSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? Double.NaN : nanos / 1e9;
        }
        return Double.NaN;
    }

    /** CPU time of {@code thread}, in nanoseconds (0 once it has ended, or where the JVM does not measure it). */
    public static long threadNanos(Thread thread) {
        return Math.max(0, THREADS.getThreadCpuTime(thread.getId()));
    }

    /** CPU time of the calling thread, in nanoseconds (0 where the JVM does not measure it). */
    public static long currentThreadNanos() {
        return Math.max(0, THREADS.getCurrentThreadCpuTime());
    }
}
