package io.brokerbench.run;


/** Sets the rate of the whole run's producers: the total is shared evenly, as when the load started. */
final class LoadRate {

    private final WorkerGroup workers;
    private final int producers;
    /** Changes asked for so far: every producer reports where each began, in this order. */
    private int changes;
    /** The total rate asked for last, read by a fault's judge on another thread. */
    private volatile double total;

    LoadRate(WorkerGroup workers, int producers, double startTotal) {
        this.workers = workers;
        this.producers = producers;
        this.total = startTotal;
    }

    /** The messages per second over all producers they are due to publish now (0: unpaced or paused). */
    double current() {
        return total;
    }

    /** From now on, {@code total} messages per second over all producers; 0 pauses them. */
    void set(double total) {
        changes++;
        this.total = total;
        workers.changeRate(total / producers, 0);
    }

    /**
     * From now on, {@code total} messages per second over all producers, starting from each producer's
     * next unsent message: what an earlier rate left due and unsent is intended again under this one
     * (see {@link io.brokerbench.worker.Worker#restartRate}). For the max-rate search.
     */
    void restart(double total) {
        changes++;
        this.total = total;
        workers.restartRate(total / producers);
    }

    /**
     * {@code messages} over all producers due now (each producer's share rounded up), then
     * {@code total} a second as before.
     *
     * @return the messages of the burst, as rounded
     */
    long burst(long messages, double total) {
        long perProducer = (messages + producers - 1) / producers;
        changes++;
        this.total = total;
        workers.changeRate(total / producers, perProducer);
        return perProducer * producers;
    }

    /** How many changes were asked for so far: the index the next one will have. */
    int changes() {
        return changes;
    }
}
