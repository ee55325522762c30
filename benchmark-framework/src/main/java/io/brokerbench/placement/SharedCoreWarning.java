package io.brokerbench.placement;

import java.util.Locale;
import java.util.Optional;

/**
 * Whether a run's result measures the machine more than the broker: the load generator and the
 * local broker may run on the same cores (the default, with nothing pinned) and the client kept
 * those cores busy.
 */
public final class SharedCoreWarning {

    /**
     * The client's CPU per core it may run on, above which a run is warned about. The scheduler spreads
     * the client over its CPUs, so on each core it shares with the broker it takes about its CPU divided
     * by its number of CPUs. Above half a core each, the broker gets less than half of every core it
     * shares, and how much it gets depends on how hard the client works: a broker limit the run finds
     * could then be the client's appetite. Below half, the broker has the larger part of each shared core.
     * On a 2-core machine with nothing pinned, that is a client above 1 core.
     */
    static final double CLIENT_CORES_PER_CPU_LIMIT = 0.5;

    private SharedCoreWarning() {
    }

    /** The warning for a run with this placement and CPU use, or empty when there is nothing to warn about. */
    public static Optional<String> decide(CpuPlacement placement, MeasuredCpu cpu, String brokerType) {
        Optional<CpuList> shared = placement.sharedCpus();
        if (shared.isEmpty() || shared.get().isEmpty() || cpu.clientCores().isEmpty()) {
            return Optional.empty();
        }
        double clientCores = cpu.clientCores().getAsDouble();
        double perCpu = clientCores / placement.clientCpus().size();
        if (perCpu <= CLIENT_CORES_PER_CPU_LIMIT) {
            return Optional.empty();
        }
        String broker = cpu.brokerCores().isPresent()
                ? String.format(Locale.ROOT, " (the broker %.2f)", cpu.brokerCores().getAsDouble()) : "";
        return Optional.of(String.format(Locale.ROOT,
                "the load generator and the local %s broker share CPU%s %s and the client used %.2f cores of its %d%s,"
                        + " %.2f per CPU (over %.1f): this result measures the machine as much as the broker;"
                        + " pin them apart with --client-cpus and --broker-cpus (or localBrokerCpus in the driver file)",
                brokerType, shared.get().size() == 1 ? "" : "s", shared.get(), clientCores,
                placement.clientCpus().size(), broker, perCpu, CLIENT_CORES_PER_CPU_LIMIT));
    }
}
