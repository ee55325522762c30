package io.brokerbench.worker;

/** One producer a worker creates: its run-wide id (stamped into every message) and topic. */
public record ProducerSpec(int id, String topic) {
}
