package io.brokerbench.fault;

import io.brokerbench.localbroker.LocalBroker;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One question to the broker, who leads a partition now, asked on a thread of its own while a fault is in
 * force: the broker may take seconds to answer (a node it asks is the one paused, or each answer starts a
 * program, as {@code rabbitmqctl} does), and the fault's end must not wait for it. Answered once the thread
 * has the broker's answer, with the time it came; a question the broker fails is answered with no leader.
 */
final class LeaderAsk {

    private final Thread thread;
    private volatile Optional<String> leader = Optional.empty();
    private volatile long answeredNanos;

    private LeaderAsk(LocalBroker broker, String topic, int partition, LongSupplier clock) {
        thread = new Thread(() -> {
            try {
                leader = broker.leaderOf(topic, partition);
            } catch (RuntimeException unanswered) {
                // no leader known this time: asked again at the next poll
            }
            answeredNanos = clock.getAsLong();
        }, "fault-leader-ask");
        // a question still open when the run ends is abandoned, not waited for
        thread.setDaemon(true);
    }

    static LeaderAsk start(LocalBroker broker, String topic, int partition, LongSupplier clock) {
        LeaderAsk ask = new LeaderAsk(broker, topic, partition, clock);
        ask.thread.start();
        return ask;
    }

    boolean answered() {
        return !thread.isAlive();
    }

    /** The leader the broker named; empty if it named none or failed. Only once {@link #answered}. */
    Optional<String> leader() {
        return leader;
    }

    /** When the answer came, on the run's clock. Only once {@link #answered}. */
    long answeredNanos() {
        return answeredNanos;
    }
}
