package io.brokerbench.load;

import io.brokerbench.time.Idler;
import io.brokerbench.time.NanoClock;
import java.util.List;

/**
 * One load thread's duty cycle over its producers: send whatever is due, then idle until the next
 * message is. How it idles is the {@link Idler}'s business: this loop only says until when, or that
 * every producer waits for acknowledgements.
 */
public final class PublishLoop implements Runnable {

    /** Messages one producer may send before the loop turns to the next one (fairness when behind). */
    static final int MAX_BURST = 1_000;

    private final String name;
    private final PacedProducer[] producers;
    private final NanoClock clock;
    private final Idler idler;
    private volatile boolean running = true;

    public PublishLoop(String name, List<PacedProducer> producers, NanoClock clock, Idler idler) {
        this.name = name;
        this.producers = producers.toArray(new PacedProducer[0]);
        this.clock = clock;
        this.idler = idler;
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
            idler.idle();
        } else if (nextDue > now) { // otherwise something is due already (always, for an unpaced producer)
            idler.idleUntil(now, nextDue);
        }
    }

    public void stop() {
        running = false;
    }
}
