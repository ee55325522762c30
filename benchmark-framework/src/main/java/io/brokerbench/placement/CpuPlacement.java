package io.brokerbench.placement;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's load generator and local broker ran, as their affinities said once both were
 * placed: what a result records under {@code environment.cpuPlacement} and the console prints.
 *
 * @param online the machine's online CPUs
 * @param clientCpus the CPUs of this JVM, the in-process load generator; null when the load ran on
 *     workers elsewhere (their placement is not known here)
 * @param clientPinned whether {@code --client-cpus} chose them
 * @param brokerCpus the local broker's CPUs; null when the run started no broker
 * @param brokerPinned whether {@code localBrokerCpus} or {@code --broker-cpus} chose them
 */
public record CpuPlacement(CpuList online, CpuList clientCpus, boolean clientPinned, CpuList brokerCpus,
        boolean brokerPinned) {

    /** The CPUs both may run on; empty when either is unknown or absent. */
    public Optional<CpuList> sharedCpus() {
        if (clientCpus == null || brokerCpus == null) {
            return Optional.empty();
        }
        return Optional.of(clientCpus.intersection(brokerCpus));
    }

    /** Whether the client and the local broker may run on the same cores; empty when that cannot be said. */
    public Optional<Boolean> shared() {
        return sharedCpus().map(cpus -> !cpus.isEmpty());
    }

    /** Whether there is anything to say: a local broker or a pinned client. */
    public boolean worthRecording() {
        return brokerCpus != null || clientPinned;
    }

    /** The result's {@code cpuPlacement} object; lists in taskset's format, null where unknown. */
    public Map<String, Object> toResult() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("onlineCpus", online.toString());
        result.put("clientCpus", clientCpus == null ? null : clientCpus.toString());
        result.put("clientPinned", clientPinned);
        result.put("brokerCpus", brokerCpus == null ? null : brokerCpus.toString());
        result.put("brokerPinned", brokerPinned);
        result.put("shared", shared().orElse(null));
        result.put("sharedCpus", sharedCpus().map(CpuList::toString).orElse(null));
        return result;
    }

    /** One console line, e.g. {@code CPU placement: client on 0 (pinned), kafka broker on 1 (pinned): no core shared}. */
    public String describe(String brokerType) {
        StringBuilder line = new StringBuilder("CPU placement (online ").append(online).append("): client ");
        line.append(clientCpus == null ? "on the workers" : "on " + clientCpus + (clientPinned ? " (pinned)" : " (not pinned)"));
        if (brokerCpus != null) {
            line.append(", local ").append(brokerType).append(" broker on ").append(brokerCpus)
                    .append(brokerPinned ? " (pinned)" : " (not pinned)");
        }
        sharedCpus().ifPresent(cpus -> line.append(cpus.isEmpty() ? ": no core shared" : ": sharing " + cpus));
        return line.toString();
    }
}
