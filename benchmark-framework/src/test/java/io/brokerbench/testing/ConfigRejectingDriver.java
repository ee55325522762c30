package io.brokerbench.testing;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * A driver that rejects its configuration file the way real drivers do, naming the file it was
 * given: with an {@link IOException} (as Jackson's parse errors are) or, with the YAML line
 * {@code reject: argument}, an {@link IllegalArgumentException}; with {@code reject: heap} it runs
 * out of memory instead (an {@link OutOfMemoryError}, thrown rather than provoked).
 */
public final class ConfigRejectingDriver implements BenchmarkDriver {

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        String problem = "cannot parse " + configurationFile.getPath() + ": unexpected key at line 3";
        String configuration = Files.readString(configurationFile.toPath());
        if (configuration.contains("reject: argument")) {
            throw new IllegalArgumentException(problem);
        }
        if (configuration.contains("reject: heap")) {
            throw new OutOfMemoryError("Java heap space");
        }
        throw new IOException(problem);
    }

    @Override
    public String getTopicNamePrefix() {
        throw new UnsupportedOperationException("never initialized");
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        throw new UnsupportedOperationException("never initialized");
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        throw new UnsupportedOperationException("never initialized");
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription, ConsumerCallback callback) {
        throw new UnsupportedOperationException("never initialized");
    }

    @Override
    public void close() {
    }
}
