package io.openmessaging.benchmark.driver.kafka;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import java.time.Duration;

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
 * @param recordLockDurationMs share groups only: how long a member may hold a record before the broker
 *     takes it back and hands it to another (the group config {@code share.record.lock.duration.ms}, set
 *     on each share group); absent: the broker's {@code group.share.record.lock.duration.ms}, 30 s by
 *     default. The broker refuses a value outside its {@code group.share.min/max.record.lock.duration.ms}
 *     (15 s to 60 s by default; the local Kafka allows 1 s and up)
 * @param stallEveryPolls share groups only, with {@code stallMs}: every this many polls that returned
 *     records, the consumer stalls {@code stallMs} before handing them on and acknowledging them (a slow
 *     consumer: a pause, a slow downstream), to provoke acquisition-lock timeouts on purpose
 * @param stallMs the length of each stall, with {@code stallEveryPolls}
 */
public record ConsumerGroupSettings(
        ConsumerMode consumerMode,
        AcknowledgementMode acknowledgementMode,
        @Range(min = 0, max = 1) Double releaseFraction,
        @Range(min = 0, max = 1) Double rejectFraction,
        @Range(min = 2, max = 10) Integer deliveryCountLimit,
        // Kafka's own floor of group.share.min.record.lock.duration.ms
        @Range(min = 1000, max = Integer.MAX_VALUE) Integer recordLockDurationMs,
        @Range(min = 1, max = Integer.MAX_VALUE) Integer stallEveryPolls,
        @Range(min = 1, max = 3_600_000) Integer stallMs) {

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
        requireShareGroup("deliveryCountLimit", deliveryCountLimit, consumerMode);
        requireShareGroup("recordLockDurationMs", recordLockDurationMs, consumerMode);
        requireShareGroup("stallEveryPolls", stallEveryPolls, consumerMode);
        if ((stallEveryPolls == null) != (stallMs == null)) {
            throw stallEveryPolls == null
                    ? new FieldException("stallMs", stallMs, "needs stallEveryPolls (how often the consumer stalls)")
                    : new FieldException("stallEveryPolls", stallEveryPolls, "needs stallMs (how long each stall lasts)");
        }
        requireExplicit("releaseFraction", releaseFraction, acknowledgementMode);
        requireExplicit("rejectFraction", rejectFraction, acknowledgementMode);
        if (releaseFraction != null && rejectFraction != null && releaseFraction + rejectFraction > 1) {
            throw new FieldException("rejectFraction", rejectFraction,
                    "releaseFraction + rejectFraction must be at most 1 (releaseFraction is " + releaseFraction + ")");
        }
    }

    private static void requireShareGroup(String key, Integer value, ConsumerMode mode) {
        if (value != null && mode != ConsumerMode.SHARE_GROUP) {
            throw new FieldException(key, value, "applies to share groups only (consumerMode: shareGroup)");
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
        return new ConsumerGroupSettings(null, null, null, null, null, null, null, null);
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

    /** A fresh schedule of one consumer's stalls; null when the file asks for none. */
    Stalls stalls() {
        return stallEveryPolls == null ? null : new Stalls(stallEveryPolls, Duration.ofMillis(stallMs));
    }

    /** A fresh decider for one consumer's deliveries. */
    Dispositions dispositions() {
        return new Dispositions(releaseFraction == null ? 0 : releaseFraction, rejectFraction == null ? 0 : rejectFraction);
    }
}
