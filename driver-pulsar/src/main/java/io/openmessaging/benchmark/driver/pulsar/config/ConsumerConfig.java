package io.openmessaging.benchmark.driver.pulsar.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.Range;
import org.apache.pulsar.client.api.SubscriptionType;

/** The {@code consumer} section (OMB's defaults). */
public record ConsumerConfig(
        @JsonProperty(defaultValue = "10000") @Range(min = 1) int receiverQueueSize,
        @JsonProperty(defaultValue = "Failover") SubscriptionType subscriptionType) {
}
