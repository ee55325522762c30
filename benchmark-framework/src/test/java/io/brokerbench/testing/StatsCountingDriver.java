package io.brokerbench.testing;

import io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.Counter;
import org.apache.bookkeeper.stats.Gauge;
import org.apache.bookkeeper.stats.OpStatsLogger;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The in-memory driver counting the way OMB's drivers do, through the StatsLogger it is handed
 * (scope "counting"): a counter of sends ({@code sends}), op stats of sends with a fixed 2 ms
 * "latency" ({@code send}), and a gauge of producers ({@code producers}). Nothing else: it knows
 * none of the framework's optional extensions.
 */
public final class StatsCountingDriver implements BenchmarkDriver {

    /** The latency every send registers, so tests know the op stats' mean and max. */
    public static final long SEND_MILLIS = 2;

    private final InMemoryBenchmarkDriver delegate = new InMemoryBenchmarkDriver();
    private final AtomicInteger producers = new AtomicInteger();
    private Counter sends;
    private OpStatsLogger send;

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) {
        StatsLogger scope = statsLogger.scope("counting");
        sends = scope.getCounter("sends");
        send = scope.getOpStatsLogger("send");
        scope.registerGauge("producers", new Gauge<Integer>() {
            @Override
            public Integer getDefaultValue() {
                return 0;
            }

            @Override
            public Integer getSample() {
                return producers.get();
            }
        });
        delegate.initialize(configurationFile, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return "counting";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return delegate.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return delegate.createProducer(topic).thenApply(producer -> {
            producers.incrementAndGet();
            return new CountingProducer(producer);
        });
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
            ConsumerCallback consumerCallback) {
        return delegate.createConsumer(topic, subscriptionName, consumerCallback);
    }

    @Override
    public void close() {
        delegate.close();
    }

    private final class CountingProducer implements BenchmarkProducer {
        private final BenchmarkProducer producer;

        CountingProducer(BenchmarkProducer producer) {
            this.producer = producer;
        }

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            sends.inc();
            return producer.sendAsync(key, payload)
                    .whenComplete((done, error) -> send.registerSuccessfulEvent(SEND_MILLIS, TimeUnit.MILLISECONDS));
        }

        @Override
        public void close() throws Exception {
            producer.close();
        }
    }
}
