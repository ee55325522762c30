package io.openmessaging.benchmark.driver.pulsar.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.Range;

/**
 * The {@code producer} section (OMB's defaults).
 *
 * @param pendingQueueSize 0: no count limit, the client's memory limit (client.clientMemoryLimitMB) bounds pending sends
 */
public record ProducerConfig(
        @JsonProperty(defaultValue = "true") boolean batchingEnabled,
        @JsonProperty(defaultValue = "1") @Range(min = 0) int batchingMaxPublishDelayMs,
        @JsonProperty(defaultValue = "1048576") @Range(min = 1) int batchingMaxBytes,
        @JsonProperty(defaultValue = "true") boolean blockIfQueueFull,
        @Range(min = 0) int pendingQueueSize) {
}
