package io.brokerbench.run;

import io.brokerbench.config.ConfigException;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.worker.TopicLookup;
import io.brokerbench.worker.Worker;
import io.brokerbench.workload.Workload;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The workload's {@code existingTopicList} against what the broker has, asked of the lead worker's
 * driver before anything is created: a topic that does not exist, or a driver that cannot tell, is bad
 * input (exit 2), found only once a broker answers. Each topic runs with the partitions the broker
 * gave it; a {@code partitionsPerTopic} in the workload is only compared (files of OMB forks carry one
 * as a placeholder).
 */
final class ExistingTopicCheck {

    private final Workload workload;
    private final Path workloadFile;
    private final String driverName;

    ExistingTopicCheck(Workload workload, RunRecord record) {
        this.workload = workload;
        this.workloadFile = Path.of(record.workloadFile());
        this.driverName = record.driver().name();
    }

    /** The named topics with the partitions the broker gave them, in the workload's order. */
    List<TopicInfo> lookUp(Worker lead) {
        List<String> names = workload.existingTopicList();
        TopicLookup lookup = lead.lookUpTopics(names);
        if (!lookup.driverCanTell()) {
            throw ConfigException.field(workloadFile, "existingTopicList", names, "driver " + driverName
                    + " cannot look topics up (it does not implement io.brokerbench.driver.ExistingTopics), so it cannot"
                    + " run on existing topics");
        }
        List<TopicInfo> topics = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            Integer partitions = lookup.partitions().get(names.get(i));
            if (partitions == null) {
                throw ConfigException.field(workloadFile, "existingTopicList[" + i + "]", names.get(i),
                        "no such topic on " + driverName + " (existing topics are not created)");
            }
            topics.add(new TopicInfo(names.get(i), partitions));
        }
        return List.copyOf(topics);
    }

    /** What to tell when the workload's {@code partitionsPerTopic} is not what the broker has; null when it is (or absent). */
    String partitionsDiffer(List<TopicInfo> topics) {
        int given = workload.partitionsPerTopic();
        List<String> other = topics.stream().filter(topic -> given > 0 && topic.getPartitions() != given)
                .map(TopicInfo::getTopic).toList();
        return other.isEmpty() ? null : "warning: " + workloadFile + " says partitionsPerTopic: " + given + ", but "
                + String.join(", ", other) + " ha" + (other.size() == 1 ? "s" : "ve") + " another count on " + driverName
                + ": each topic runs with the broker's";
    }
}
