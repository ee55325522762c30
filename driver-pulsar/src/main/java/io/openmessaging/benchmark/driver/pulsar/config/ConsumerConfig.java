package io.openmessaging.benchmark.driver.pulsar.config;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.pulsar.client.api.SubscriptionType;

/** The {@code consumer} section. */
public record ConsumerConfig(int receiverQueueSize, SubscriptionType subscriptionType) {

    static ConsumerConfig read(YamlSection section) {
        int receiverQueueSize = section.integer("receiverQueueSize", 10_000, 1);
        Map<String, SubscriptionType> types = new LinkedHashMap<>();
        for (SubscriptionType type : SubscriptionType.values()) {
            types.put(type.name(), type);
        }
        SubscriptionType subscriptionType = section.choice("subscriptionType", SubscriptionType.Failover, types);
        section.rejectUnknown();
        return new ConsumerConfig(receiverQueueSize, subscriptionType);
    }
}
