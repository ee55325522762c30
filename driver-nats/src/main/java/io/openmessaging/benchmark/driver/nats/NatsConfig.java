package io.openmessaging.benchmark.driver.nats;

import io.brokerbench.driver.support.DriverYaml;
import io.nats.client.api.StorageType;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The NATS driver file: OMB's keys ({@code natsHostUrl}, {@code replicationFactor}, {@code
 * storageType}, {@code maxBytes}) plus consumer mode, publish window and fetch settings. Bad keys
 * or values are an {@link IllegalArgumentException} with a one-line message naming the file, key
 * and value.
 */
final class NatsConfig {

    enum ConsumerMode { PULL, PUSH }

    /** One URL or several separated by commas. */
    final String natsHostUrl;
    final int replicationFactor;
    final StorageType storageType;
    /** Stream size limit in bytes; -1 leaves it to the server. */
    final long maxBytes;
    final ConsumerMode consumerMode;
    /** Publishes awaiting their JetStream ack per producer; {@code sendAsync} blocks beyond it. */
    final int maxInFlightPublishes;
    final int pullBatchSize;
    /** How long one pull request waits for messages (bounds close(); delivery itself does not wait for it). */
    final int pullWaitMs;
    /** Unacknowledged messages the server lets a durable consumer have out; 0 = server default. */
    final long maxAckPending;
    final int ackWaitMs;
    final int connectTimeoutMs;

    private NatsConfig(DriverYaml yaml) {
        this.natsHostUrl = yaml.string("natsHostUrl", "nats://localhost:4222").strip();
        if (natsHostUrl.isEmpty()) {
            throw yaml.error("natsHostUrl", natsHostUrl, "must not be empty");
        }
        this.replicationFactor = yaml.integer("replicationFactor", 1, 1, 5);
        this.storageType = yaml.enumValue("storageType", StorageType.File);
        this.maxBytes = yaml.longInteger("maxBytes", -1, -1, Long.MAX_VALUE);
        if (maxBytes == 0) {
            throw yaml.error("maxBytes", maxBytes, "must be -1 (no limit) or a positive number of bytes");
        }
        this.consumerMode = yaml.choice("consumerMode", ConsumerMode.PULL, List.of(ConsumerMode.values()),
                mode -> mode.name().toLowerCase(Locale.ROOT));
        this.maxInFlightPublishes = yaml.integer("maxInFlightPublishes", 1_000, 1, 10_000_000);
        this.pullBatchSize = yaml.integer("pullBatchSize", 100, 1, 100_000);
        this.pullWaitMs = yaml.integer("pullWaitMs", 500, 10, 60_000);
        this.maxAckPending = yaml.longInteger("maxAckPending", 0, 0, 10_000_000);
        this.ackWaitMs = yaml.integer("ackWaitMs", 30_000, 100, 3_600_000);
        this.connectTimeoutMs = yaml.integer("connectTimeoutMs", 2_000, 1, 600_000);
    }

    static NatsConfig read(File file) throws IOException {
        return DriverYaml.read(file.toPath(), NatsConfig::new);
    }
}
