package io.brokerbench.worker;

/** One consumer a worker creates. */
public record ConsumerSpec(String topic, String subscription) {
}
