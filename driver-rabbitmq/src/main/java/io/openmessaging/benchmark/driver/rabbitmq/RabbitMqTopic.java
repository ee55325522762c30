package io.openmessaging.benchmark.driver.rabbitmq;

/**
 * How benchmark names map onto RabbitMQ. A topic of the queue types is a fanout exchange named after the
 * topic, and each subscription a queue {@code <topic>.<subscription>} bound to it, so every subscription
 * gets every message and the consumers of one subscription share its queue. A STREAM topic is one stream
 * named after the topic, and a subscription a named consumer reading it with its offset stored on the
 * server. RabbitMQ queues and streams are not partitioned: the partition count is not used, as in OMB's
 * driver (docs/rabbitmq.md).
 */
final class RabbitMqTopic {

    private RabbitMqTopic() {
    }

    /** The queue of {@code subscription} on {@code topic}. */
    static String queue(String topic, String subscription) {
        return topic + "." + subscription;
    }
}
