package io.openmessaging.benchmark.driver;

import java.io.File;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The driver interface as older OMB releases had it: single-item creation only, without the
 * TopicInfo/ProducerInfo/ConsumerInfo batch methods. The compat test puts this copy in the driver's
 * ext/ folder, as copying an older driver's dependencies would; the harness must ignore it.
 */
@SuppressWarnings("try")
public interface BenchmarkDriver extends AutoCloseable {

    void initialize(File configurationFile, StatsLogger statsLogger) throws IOException;

    String getTopicNamePrefix();

    CompletableFuture<Void> createTopic(String topic, int partitions);

    CompletableFuture<BenchmarkProducer> createProducer(String topic);

    CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback);
}
