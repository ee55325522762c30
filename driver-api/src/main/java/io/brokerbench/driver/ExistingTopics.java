package io.brokerbench.driver;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Optional capability of a driver: telling which of the named topics exist and with how many
 * partitions, for workloads that run against topics that already exist ({@code existingTopicList})
 * instead of creating their own. OMB's driver API can create a topic but not ask about one, so a
 * driver without this capability cannot run such a workload: the harness would neither know whether
 * the topics exist nor how many partitions they have.
 */
public interface ExistingTopics {

    /**
     * Completes with the partition count of every named topic that exists; a name missing from the
     * answer does not exist. Only reads: creates, changes and deletes nothing.
     */
    CompletableFuture<Map<String, Integer>> partitionsOf(List<String> topics);
}
