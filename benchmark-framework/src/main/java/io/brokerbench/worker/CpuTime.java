package io.brokerbench.worker;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * CPU time used by this JVM, and by its load threads alone, for the load generator's cost per
 * message in every result.
 */
final class CpuTime {

    private CpuTime() {
    }

    static double processSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? Double.NaN : nanos / 1e9;
        }
        return Double.NaN;
    }

    /** CPU time of {@code threads}; a thread that has ended counts nothing. */
    static double threadSeconds(List<Thread> threads) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long nanos = 0;
        for (Thread thread : threads) {
            nanos += Math.max(0, mx.getThreadCpuTime(thread.getId()));
        }
        return nanos / 1e9;
    }
}
