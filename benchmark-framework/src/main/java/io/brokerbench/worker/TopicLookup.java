package io.brokerbench.worker;

import java.util.Map;

/**
 * What a worker's driver told about topics named in a workload's {@code existingTopicList}.
 *
 * @param driverCanTell false when the driver cannot look topics up (it does not implement
 *     {@code io.brokerbench.driver.ExistingTopics}); then {@code partitions} is empty
 * @param partitions per named topic that exists, its partition count; a name missing does not exist
 */
public record TopicLookup(boolean driverCanTell, Map<String, Integer> partitions) {

    public TopicLookup {
        partitions = Map.copyOf(partitions);
    }
}
