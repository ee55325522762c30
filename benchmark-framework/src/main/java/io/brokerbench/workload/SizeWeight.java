package io.brokerbench.workload;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.Range;

/**
 * One entry of a workload's {@code messageSizeDistribution}: a message size and its share of the
 * messages (weights are relative: 0.8 and 0.2, or 4 and 1, mean the same).
 *
 * @param size bytes per message
 * @param weight its share, relative to the other entries' weights
 */
public record SizeWeight(
        @JsonProperty(required = true) @Range(min = 1) int size,
        @JsonProperty(required = true) @Range(min = 0) double weight) {
}
