package io.brokerbench.run;

import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.workload.Workload;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a run creates, and the names it gives them: topics {@code <prefix>-0000000-<suffix>} (or the
 * workload's existing topics, which it does not create), subscriptions {@code sub-000-<suffix>} each
 * with its consumers, and producers numbered across the run (the number each stamps into its
 * messages). Random suffixes keep a run from meeting the topics, subscriptions or leftover messages
 * of an earlier one.
 */
record RunTopology(List<TopicInfo> topics, List<ConsumerSpec> consumers, List<ProducerSpec> producers) {

    private static final String SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SUFFIX_LENGTH = 7;

    /** Topics of the run's own, named after the driver's prefix. */
    static RunTopology of(Workload workload, String topicNamePrefix) {
        List<TopicInfo> topics = new ArrayList<>(workload.topics());
        for (int i = 0; i < workload.topics(); i++) {
            String name = String.format("%s-%07d-%s", topicNamePrefix, i, randomSuffix());
            topics.add(new TopicInfo(name, workload.partitionsPerTopic()));
        }
        return of(workload, topics);
    }

    /** The clients of a run on {@code topics}, created or existing. */
    static RunTopology of(Workload workload, List<TopicInfo> topics) {
        List<ConsumerSpec> consumers = new ArrayList<>();
        for (TopicInfo topic : topics) {
            for (int s = 0; s < workload.subscriptionsPerTopic(); s++) {
                String subscription = String.format("sub-%03d-%s", s, randomSuffix());
                for (int c = 0; c < workload.consumerPerSubscription(); c++) {
                    consumers.add(new ConsumerSpec(topic.getTopic(), subscription));
                }
            }
        }
        List<ProducerSpec> producers = new ArrayList<>();
        for (TopicInfo topic : topics) {
            for (int p = 0; p < workload.producersPerTopic(); p++) {
                producers.add(new ProducerSpec(producers.size(), topic.getTopic(), workload.messagesOf(producers.size())));
            }
        }
        return new RunTopology(topics, consumers, producers);
    }

    private static String randomSuffix() {
        StringBuilder suffix = new StringBuilder(SUFFIX_LENGTH);
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            suffix.append(SUFFIX_ALPHABET.charAt(ThreadLocalRandom.current().nextInt(SUFFIX_ALPHABET.length())));
        }
        return suffix.toString();
    }
}
