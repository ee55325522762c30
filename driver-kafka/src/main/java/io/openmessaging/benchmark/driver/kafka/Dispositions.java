package io.openmessaging.benchmark.driver.kafka;

import org.apache.kafka.clients.consumer.AcknowledgeType;

/**
 * What one share consumer does with each record it is handed: release, reject or accept, so that
 * exactly floor(n × releaseFraction) of its first n deliveries are released and floor(n × rejectFraction)
 * rejected, for every n (as transactions are aborted: a short run has its share, and a verdict never
 * depends on chance). A release comes first when both are due on one delivery; the reject follows on the
 * next. Used by one consumer thread.
 */
final class Dispositions {

    private final double releaseFraction;
    private final double rejectFraction;
    private long deliveries;
    private long released;
    private long rejected;

    Dispositions(double releaseFraction, double rejectFraction) {
        this.releaseFraction = releaseFraction;
        this.rejectFraction = rejectFraction;
    }

    AcknowledgeType next() {
        deliveries++;
        if (released < (long) Math.floor(deliveries * releaseFraction)) {
            released++;
            return AcknowledgeType.RELEASE;
        }
        if (rejected < (long) Math.floor(deliveries * rejectFraction)) {
            rejected++;
            return AcknowledgeType.REJECT;
        }
        return AcknowledgeType.ACCEPT;
    }
}
