package io.brokerbench.testing;

import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The in-memory driver that, when initialized, replaces the directory named by its YAML key
 * {@code breakDirectory:} with a regular file: a result directory that was fine when the command
 * line checked it and is unusable by the time the result is written, as after a disk was unmounted.
 */
public final class DirectoryBreakingDriver implements BenchmarkDriver {

    private static final Pattern DIRECTORY = Pattern.compile("(?m)^breakDirectory:\\s*(\\S+)");

    private final InMemoryBenchmarkDriver delegate = new InMemoryBenchmarkDriver();

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        Matcher m = DIRECTORY.matcher(Files.readString(configurationFile.toPath()));
        if (!m.find()) {
            throw new IllegalArgumentException(configurationFile + ": no 'breakDirectory:'");
        }
        Path directory = Path.of(m.group(1));
        // moved aside, not deleted (it holds the run's histogram log by now): nothing of it is lost
        Files.move(directory, directory.resolveSibling(directory.getFileName() + ".unmounted"));
        Files.writeString(directory, "not a directory any more\n");
        // the file carries this driver's own keys, which the in-memory driver's strict reading would reject
        delegate.initialize(null, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return delegate.getTopicNamePrefix();
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return delegate.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return delegate.createProducer(topic);
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription, ConsumerCallback callback) {
        return delegate.createConsumer(topic, subscription, callback);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
