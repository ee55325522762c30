package io.brokerbench.testing;

import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import io.brokerbench.driver.inmemory.capacity.ServiceQueue;
import java.util.function.LongUnaryOperator;

/**
 * The broker of known capacity behind a {@link SimulatedWorker}: the in-memory driver's own
 * {@link ServiceQueue}, played on the run's clock. Each message is sent when it is due, or, while the
 * queue is full, when the oldest message in it is served (a full queue blocks the send, as in the
 * driver); it is acknowledged and delivered when served. The queue holds at most the model's limit
 * and at most the producer's in-flight limit: with acknowledgement on service, the messages awaiting
 * acknowledgement are the messages queued.
 */
final class SimulatedCapacity {

    private final ServiceQueue queue;
    private long lastSendNanos = Long.MIN_VALUE;

    SimulatedCapacity(CapacityModel model, long maxInFlight) {
        this.queue = new ServiceQueue(model, (int) Math.min(model.queueLimit(), maxInFlight));
    }

    /**
     * Sends the messages {@code sent} up to {@code due} (exclusive), each at its intended time or as
     * soon after as the queue has room, but none after {@code untilNanos}; returns how many have been
     * sent in all.
     */
    long send(long sent, long due, LongUnaryOperator intendedNanos, long untilNanos) {
        while (sent < due) {
            long at = intendedNanos.applyAsLong(sent);
            queue.release(at);
            if (queue.full()) {
                at = queue.roomAtNanos();
                if (at > untilNanos) {
                    break;
                }
                queue.release(at);
            }
            queue.admit(at);
            lastSendNanos = at;
            sent++;
        }
        return sent;
    }

    /** Messages served (acknowledged and delivered) by {@code nowNanos}, in all. */
    long servedBy(long nowNanos) {
        queue.release(nowNanos);
        return queue.released();
    }

    /** When the last message served so far was. */
    long lastServedNanos() {
        return queue.lastReleasedNanos();
    }

    long lastSendNanos() {
        return lastSendNanos;
    }
}
