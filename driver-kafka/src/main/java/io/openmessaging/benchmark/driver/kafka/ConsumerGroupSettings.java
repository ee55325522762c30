package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;

/**
 * The driver file's keys for the kind of group a subscription's consumers form, beside OMB's Kafka keys.
 *
 * @param consumerMode {@code consumerGroup} (absent: the default): a consumer group, each partition read
 *     by one member ({@code KafkaConsumer}); {@code shareGroup}: a share group (KIP-932, {@code
 *     KafkaShareConsumer}), records handed out to any member, so more consumers than partitions all get work
 * @param acknowledgementMode share groups only: {@code implicit} (absent: the default), every record a poll
 *     returned is accepted by the next poll; {@code explicit}, the driver accepts each record it handed on
 */
public record ConsumerGroupSettings(ConsumerMode consumerMode, AcknowledgementMode acknowledgementMode) {

    public enum ConsumerMode {
        @JsonProperty("consumerGroup") CONSUMER_GROUP,
        @JsonProperty("shareGroup") SHARE_GROUP
    }

    public enum AcknowledgementMode {
        @JsonProperty("implicit") IMPLICIT,
        @JsonProperty("explicit") EXPLICIT
    }

    public ConsumerGroupSettings {
        if (acknowledgementMode != null && consumerMode != ConsumerMode.SHARE_GROUP) {
            throw new FieldException("acknowledgementMode", acknowledgementMode.name().toLowerCase(),
                    "applies to share groups only (consumerMode: shareGroup)");
        }
    }

    boolean shareGroup() {
        return consumerMode == ConsumerMode.SHARE_GROUP;
    }

    boolean explicitAcknowledgement() {
        return acknowledgementMode == AcknowledgementMode.EXPLICIT;
    }
}
