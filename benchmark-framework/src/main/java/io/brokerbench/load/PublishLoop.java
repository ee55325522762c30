package io.brokerbench.load;

import io.brokerbench.time.NanoClock;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * One load thread's duty cycle over its producers: send whatever is due, then idle until the next
 * message is. Idling parks the thread while the next send is far off and spins only for the last
 * stretch, because parking overshoots by tens of microseconds: the publish delay this leaves is
 * measured and reported with every result, not hidden.
 */
public final class PublishLoop implements Runnable {

    /** Messages one producer may send before the loop turns to the next one (fairness when behind). */
    static final int MAX_BURST = 1_000;
    /** Below this distance to the next send, spin instead of parking. */
    static final long SPIN_NANOS = 60_000;
    /** While the in-flight limit blocks every producer, check again this often. */
    static final long BLOCKED_PARK_NANOS = 20_000;
    /** The longest single park, so a stop request is seen promptly even at one message a minute. */
    static final long MAX_PARK_NANOS = 10_000_000;

    private final String name;
    private final PacedProducer[] producers;
    private final NanoClock clock;
    private volatile boolean running = true;

    public PublishLoop(String name, List<PacedProducer> producers, NanoClock clock) {
        this.name = name;
        this.producers = producers.toArray(new PacedProducer[0]);
        this.clock = clock;
    }

    public String name() {
        return name;
    }

    @Override
    public void run() {
        while (running) {
            doWork();
        }
    }

    /** One duty cycle: a round over the producers, then idling until the earliest next send. */
    void doWork() {
        long now = clock.nanoTime();
        long nextDue = Long.MAX_VALUE;
        boolean allBlocked = true;
        for (PacedProducer producer : producers) {
            now = producer.sendDue(now, MAX_BURST);
            nextDue = Math.min(nextDue, producer.nextDue());
            allBlocked &= producer.blocked();
        }
        if (allBlocked) {
            LockSupport.parkNanos(BLOCKED_PARK_NANOS);
        } else {
            idleUntil(nextDue, now);
        }
    }

    private void idleUntil(long due, long now) {
        if (due <= now) {
            return; // something is due already (always, for an unpaced producer)
        }
        long remaining = due - now;
        if (remaining > SPIN_NANOS) {
            LockSupport.parkNanos(Math.min(remaining - SPIN_NANOS, MAX_PARK_NANOS));
            return;
        }
        while (running && clock.nanoTime() < due) {
            Thread.onSpinWait();
        }
    }

    public void stop() {
        running = false;
    }
}
