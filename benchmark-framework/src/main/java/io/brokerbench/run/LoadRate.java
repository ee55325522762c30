package io.brokerbench.run;

import io.brokerbench.worker.Worker;
import java.util.List;

/** Sets the rate of the whole run's producers: the total is shared evenly, as when the load started. */
final class LoadRate {

    private final List<Worker> workers;
    private final int producers;

    LoadRate(List<Worker> workers, int producers) {
        this.workers = workers;
        this.producers = producers;
    }

    /** From now on, {@code total} messages per second over all producers; 0 pauses them. */
    void set(double total) {
        for (Worker worker : workers) {
            worker.changeRate(total / producers);
        }
    }
}
