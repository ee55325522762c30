package io.openmessaging.benchmark.driver.pulsar.config;

import io.brokerbench.driver.support.DriverYaml;

/** The {@code producer} section (OMB's defaults). */
public record ProducerConfig(
        boolean batchingEnabled,
        int batchingMaxPublishDelayMs,
        int batchingMaxBytes,
        boolean blockIfQueueFull,
        int pendingQueueSize) {

    static ProducerConfig read(DriverYaml section) {
        boolean batchingEnabled = section.bool("batchingEnabled", true);
        int maxPublishDelayMs = section.integer("batchingMaxPublishDelayMs", 1, 0, Integer.MAX_VALUE);
        int maxBytes = section.integer("batchingMaxBytes", 1024 * 1024, 1, Integer.MAX_VALUE);
        boolean blockIfQueueFull = section.bool("blockIfQueueFull", true);
        // 0 = no count limit: the client's memory limit (client.clientMemoryLimitMB) bounds pending sends
        int pendingQueueSize = section.integer("pendingQueueSize", 0, 0, Integer.MAX_VALUE);
        return new ProducerConfig(batchingEnabled, maxPublishDelayMs, maxBytes, blockIfQueueFull, pendingQueueSize);
    }
}
