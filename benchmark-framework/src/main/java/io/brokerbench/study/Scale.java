package io.brokerbench.study;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.Range;
import java.util.Map;

/**
 * How big a study's runs are at one scale: how many times each runs, and workload keys set over
 * every run's workload file (e.g. shorter durations), checked like the file's own keys.
 */
public record Scale(
        @JsonProperty(defaultValue = "1") @Range(min = 1) int repetitions,
        Map<String, Object> workload) {

    public Scale {
        workload = workload == null ? Map.of() : workload;
    }
}
