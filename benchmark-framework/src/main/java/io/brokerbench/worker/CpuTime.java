package io.brokerbench.worker;

import java.lang.management.ManagementFactory;

/** CPU time used by this JVM, for the load generator's cost per message in every result. */
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
}
