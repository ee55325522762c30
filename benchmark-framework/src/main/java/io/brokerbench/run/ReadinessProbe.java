package io.brokerbench.run;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Proves, before the load starts, that every subscription receives: a round of probe messages goes
 * out on every topic each second until every subscription has seen one. A subscription still
 * silent at the timeout fails the run, named, instead of a run that measures nothing.
 */
final class ReadinessProbe {

    private static final long ROUND_NANOS = 1_000_000_000L;
    private static final long POLL_NANOS = 50_000_000L;

    private final WorkerGroup workers;
    private final RunClock clock;
    private final RunControl control;

    ReadinessProbe(WorkerGroup workers, RunClock clock, RunControl control) {
        this.workers = workers;
        this.clock = clock;
        this.control = control;
    }

    /**
     * @param template a payload to copy for the probes
     * @throws RunFailure naming the silent subscriptions after {@code timeout}
     */
    void await(byte[] template, Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (true) {
            workers.sendProbes(template);
            long roundEnd = clock.nanoTime() + ROUND_NANOS;
            while (clock.nanoTime() < roundEnd) {
                if (silentSubscriptions().isEmpty()) {
                    return;
                }
                if (clock.awaitStop(control, POLL_NANOS)) {
                    throw new RunInterrupted();
                }
            }
            if (clock.nanoTime() > deadline) {
                throw new RunFailure("readiness probe timed out after " + timeout.toSeconds()
                        + " s: these subscriptions received nothing: " + String.join(", ", silentSubscriptions()));
            }
        }
    }

    /** "topic/subscription" of every subscription no consumer on any worker got a probe on, sorted. */
    private List<String> silentSubscriptions() {
        return workers.probeStatus().entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
    }
}
