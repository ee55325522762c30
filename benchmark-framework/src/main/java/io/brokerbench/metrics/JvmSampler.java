package io.brokerbench.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/** Reads {@link JvmSample}s of this JVM from its management beans: a few cheap calls per interval. */
final class JvmSampler {

    private JvmSampler() {
    }

    static JvmSample sample() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long pauses = 0;
        long pauseMillis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (stopsTheApplication(collector.getName())) {
                pauses += Math.max(0, collector.getCollectionCount());
                pauseMillis += Math.max(0, collector.getCollectionTime());
            }
        }
        return new JvmSample(heap.getUsed(), heap.getCommitted(), pauses, pauseMillis,
                ManagementFactory.getThreadMXBean().getThreadCount());
    }

    /**
     * Collectors that work beside the application have beans of their own (ZGC and Shenandoah "...
     * Cycles", G1 "G1 Concurrent GC" on newer JDKs) whose time is not a pause; the pause beans
     * ("G1 Young Generation", "ZGC Pauses", ...) are the rest.
     */
    static boolean stopsTheApplication(String collectorName) {
        return !collectorName.contains("Cycles") && !collectorName.contains("Concurrent");
    }
}
