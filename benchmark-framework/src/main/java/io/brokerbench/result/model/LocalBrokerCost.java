package io.brokerbench.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the local broker cost over the measured phase ({@code "localBroker"}), beside the client's
 * {@code "loadGenerator"}: all nodes together, then each node of a cluster; absent when the run
 * started no broker or sampled none ({@code --no-metrics}).
 */
public record LocalBrokerCost(
        double cpuCores,
        double cpuMicrosPerMessage,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long residentBytesMax,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Node> nodes) {

    /** One node of a local cluster. */
    public record Node(String node, double cpuCores, double cpuMicrosPerMessage,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long residentBytesMax) {
    }
}
