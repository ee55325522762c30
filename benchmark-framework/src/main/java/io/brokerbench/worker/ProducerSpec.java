package io.brokerbench.worker;

/**
 * One producer a worker creates: its run-wide id (stamped into every message), topic, and how many
 * messages it publishes in all ({@link Long#MAX_VALUE}: as long as the load runs).
 */
public record ProducerSpec(int id, String topic, long messageLimit) {

    /** A producer that publishes for as long as the load runs. */
    public ProducerSpec(int id, String topic) {
        this(id, topic, Long.MAX_VALUE);
    }
}
