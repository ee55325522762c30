package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;

/**
 * The driver file's keys for the kind of group a subscription's consumers form, beside OMB's Kafka keys.
 *
 * @param consumerMode {@code consumerGroup} (absent: the default): a consumer group, each partition read
 *     by one member ({@code KafkaConsumer}); {@code shareGroup}: a share group (KIP-932, {@code
 *     KafkaShareConsumer}), records handed out to any member, so more consumers than partitions all get work
 * @param acknowledgementMode share groups only: {@code implicit} (absent: the default), every record a poll
 *     returned is accepted by the next poll; {@code explicit}, the driver acknowledges each record it handed on
 * @param releaseFraction explicit acknowledgement only: the share of deliveries the consumer gives back
 *     ({@code RELEASE}) instead of accepting, so that the broker delivers them again; absent: 0
 * @param rejectFraction explicit acknowledgement only: the share of deliveries the consumer rejects
 *     ({@code REJECT}), which the broker archives; absent: 0. With {@code releaseFraction}, at most 1
 * @param deliveryCountLimit share groups only: delivery attempts per record before the broker archives it
 *     (the group config {@code share.delivery.count.limit}, which the driver sets on each share group, so
 *     that it knows which release is a record's last); absent: 5, Kafka's default
 */
public record ConsumerGroupSettings(
        ConsumerMode consumerMode,
        AcknowledgementMode acknowledgementMode,
        @Range(min = 0, max = 1) Double releaseFraction,
        @Range(min = 0, max = 1) Double rejectFraction,
        @Range(min = 2, max = 10) Integer deliveryCountLimit) {

    /** Kafka's default of group.share.delivery.count.limit. */
    static final int DEFAULT_DELIVERY_COUNT_LIMIT = 5;

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
        if (deliveryCountLimit != null && consumerMode != ConsumerMode.SHARE_GROUP) {
            throw new FieldException("deliveryCountLimit", deliveryCountLimit,
                    "applies to share groups only (consumerMode: shareGroup)");
        }
        requireExplicit("releaseFraction", releaseFraction, acknowledgementMode);
        requireExplicit("rejectFraction", rejectFraction, acknowledgementMode);
        if (releaseFraction != null && rejectFraction != null && releaseFraction + rejectFraction > 1) {
            throw new FieldException("rejectFraction", rejectFraction,
                    "releaseFraction + rejectFraction must be at most 1 (releaseFraction is " + releaseFraction + ")");
        }
    }

    private static void requireExplicit(String key, Double fraction, AcknowledgementMode mode) {
        if (fraction != null && mode != AcknowledgementMode.EXPLICIT) {
            throw new FieldException(key, fraction,
                    "needs acknowledgementMode: explicit (a share group whose consumer acknowledges each record)");
        }
    }

    /** Settings of a file with none of these keys: consumer groups. */
    static ConsumerGroupSettings none() {
        return new ConsumerGroupSettings(null, null, null, null, null);
    }

    boolean shareGroup() {
        return consumerMode == ConsumerMode.SHARE_GROUP;
    }

    boolean explicitAcknowledgement() {
        return acknowledgementMode == AcknowledgementMode.EXPLICIT;
    }

    int deliveryLimit() {
        return deliveryCountLimit == null ? DEFAULT_DELIVERY_COUNT_LIMIT : deliveryCountLimit;
    }

    /** A fresh decider for one consumer's deliveries. */
    Dispositions dispositions() {
        return new Dispositions(releaseFraction == null ? 0 : releaseFraction, rejectFraction == null ? 0 : rejectFraction);
    }
}
