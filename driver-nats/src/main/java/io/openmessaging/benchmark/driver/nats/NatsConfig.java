package io.openmessaging.benchmark.driver.nats;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import io.nats.client.api.StorageType;
import java.io.File;

/**
 * The NATS driver file: OMB's keys ({@code natsHostUrl}, {@code replicationFactor}, {@code
 * storageType}, {@code maxBytes}) plus consumer mode, publish window and fetch settings. Bad keys
 * or values are an {@link IllegalArgumentException} with a one-line message naming the file, key
 * and value.
 *
 * @param natsHostUrl one URL or several separated by commas
 * @param maxBytes stream size limit in bytes; -1 leaves it to the server
 * @param maxInFlightPublishes publishes awaiting their JetStream ack per producer; {@code sendAsync} blocks beyond it
 * @param pullWaitMs how long one pull request waits for messages (bounds close(); delivery itself does not wait for it)
 * @param maxAckPending unacknowledged messages the server lets a durable consumer have out; 0 = server default
 */
record NatsConfig(
        @JsonProperty(defaultValue = "nats://localhost:4222") String natsHostUrl,
        @JsonProperty(defaultValue = "1") @Range(min = 1, max = 5) int replicationFactor,
        @JsonProperty(defaultValue = "File") StorageType storageType,
        @JsonProperty(defaultValue = "-1") @Range(min = -1) long maxBytes,
        @JsonProperty(defaultValue = "pull") ConsumerMode consumerMode,
        @JsonProperty(defaultValue = "1000") @Range(min = 1, max = 10_000_000) int maxInFlightPublishes,
        @JsonProperty(defaultValue = "100") @Range(min = 1, max = 100_000) int pullBatchSize,
        @JsonProperty(defaultValue = "500") @Range(min = 10, max = 60_000) int pullWaitMs,
        @Range(min = 0, max = 10_000_000) long maxAckPending,
        @JsonProperty(defaultValue = "30000") @Range(min = 100, max = 3_600_000) int ackWaitMs,
        @JsonProperty(defaultValue = "2000") @Range(min = 1, max = 600_000) int connectTimeoutMs) {

    enum ConsumerMode {
        @JsonProperty("pull") PULL,
        @JsonProperty("push") PUSH
    }

    NatsConfig {
        natsHostUrl = natsHostUrl.strip();
        if (natsHostUrl.isEmpty()) {
            throw new FieldException("natsHostUrl", natsHostUrl, "must not be empty");
        }
        if (maxBytes == 0) {
            throw new FieldException("maxBytes", maxBytes, "must be -1 (no limit) or a positive number of bytes");
        }
    }

    static NatsConfig read(File file) {
        return FrameworkKeys.readDriverKeys(file.toPath(), NatsConfig.class);
    }
}
