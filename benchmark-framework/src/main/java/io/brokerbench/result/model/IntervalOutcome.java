package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * One reporting interval of any phase ({@code "intervals"}): rates, backlog and every latency
 * metric, then what the machines and clients did in it (docs/metrics.md); parts a run did not
 * record are absent.
 */
public record IntervalOutcome(
        String phase,
        @JsonInclude(JsonInclude.Include.NON_NULL) String ratePhase,
        double elapsedSeconds,
        double seconds,
        double publishRate,
        double consumeRate,
        double publishErrorRate,
        long backlog,
        @JsonUnwrapped MetricLatencies latency,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<LoadGeneratorUsage> loadGenerators,
        @JsonInclude(JsonInclude.Include.NON_NULL) BrokerUsage broker,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Double> clientMetrics,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Double> driverStats) {

    /** The phase of the measured intervals, whose series the OMB fields carry. */
    public static final String MEASURE = "measure";

    public boolean measured() {
        return MEASURE.equals(phase);
    }

    /** One worker's JVM in the interval. */
    public record LoadGeneratorUsage(String worker, double cpuCores, long heapUsedBytes, long heapCommittedBytes,
            long gcPauses, long gcPauseMillis, long threads) {
    }

    /**
     * The local broker's processes in the interval, all nodes together; {@code residentBytes} absent
     * where not known; {@code nodes}, each node of a cluster (absent for a single broker).
     */
    public record BrokerUsage(double cpuCores, @JsonInclude(JsonInclude.Include.NON_NULL) Long residentBytes,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<NodeUsage> nodes) {
    }

    /** One node of a local cluster in the interval. */
    public record NodeUsage(String node, double cpuCores, @JsonInclude(JsonInclude.Include.NON_NULL) Long residentBytes) {
    }
}
