package io.brokerbench.measurement;

import io.brokerbench.delivery.ConsumerDelivery;
import java.util.List;

/**
 * What a consumer-only run read from its existing topics, by the consumers' own counts and clocks: how
 * many messages and payload bytes, and the time from the start of the load (the consumers already
 * open) to the last message's arrival, so the figures do not depend on how often the coordinator looked.
 *
 * @param seconds load start to the last arrival; NaN if nothing arrived
 * @param quiet whether the read ended because nothing more arrived (false: the test duration ended it)
 */
public record BacklogRead(long messages, long bytes, double seconds, boolean quiet) {

    public static BacklogRead of(long loadStartEpochMicros, List<ConsumerDelivery> deliveries, boolean quiet) {
        long last = deliveries.stream().mapToLong(ConsumerDelivery::lastReceivedEpochMicros).max().orElse(0);
        return new BacklogRead(deliveries.stream().mapToLong(ConsumerDelivery::received).sum(),
                deliveries.stream().mapToLong(ConsumerDelivery::receivedBytes).sum(),
                last == 0 ? Double.NaN : Math.max(0, last - loadStartEpochMicros) / 1e6, quiet);
    }

    /** Messages read per second. */
    public double rate() {
        return seconds > 0 ? messages / seconds : Double.NaN;
    }

    /** Payload mebibytes read per second (MiB, as every MB/s of the harness). */
    public double mebibytesPerSecond() {
        return seconds > 0 ? bytes / 1_048_576.0 / seconds : Double.NaN;
    }
}
