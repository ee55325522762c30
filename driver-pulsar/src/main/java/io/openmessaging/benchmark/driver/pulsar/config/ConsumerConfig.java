package io.openmessaging.benchmark.driver.pulsar.config;

import io.brokerbench.driver.support.DriverYaml;
import org.apache.pulsar.client.api.SubscriptionType;

/** The {@code consumer} section. */
public record ConsumerConfig(int receiverQueueSize, SubscriptionType subscriptionType) {

    static ConsumerConfig read(DriverYaml section) {
        int receiverQueueSize = section.integer("receiverQueueSize", 10_000, 1, Integer.MAX_VALUE);
        SubscriptionType subscriptionType = section.enumValue("subscriptionType", SubscriptionType.Failover);
        return new ConsumerConfig(receiverQueueSize, subscriptionType);
    }
}
