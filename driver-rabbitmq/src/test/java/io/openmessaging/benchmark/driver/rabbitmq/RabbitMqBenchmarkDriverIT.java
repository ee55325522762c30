package io.openmessaging.benchmark.driver.rabbitmq;

import static io.brokerbench.testing.RecordingCallback.number;
import static io.brokerbench.testing.RecordingCallback.payload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.driver.ClientMetricSink;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.testing.RecordingCallback;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RabbitMqBenchmarkDriverIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static LocalBroker rabbit;

    @TempDir
    Path dir;
    private int topics;

    @BeforeAll
    static void startRabbitMq() throws Exception {
        rabbit = LocalBrokers.start("rabbitmq", LocalBrokers.home());
    }

    @AfterAll
    static void stopRabbitMq() {
        if (rabbit != null) {
            rabbit.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CLASSIC", "QUORUM"})
    void consumersOfASubscriptionShareItsQueueAndEverySubscriptionGetsEverything(String type) throws Exception {
        try (RabbitMqBenchmarkDriver driver = connect(type, "")) {
            String topic = newTopic(driver);
            List<RecordingCallback> shared = List.of(new RecordingCallback(), new RecordingCallback());
            for (RecordingCallback callback : shared) {
                driver.createConsumer(topic, "shared", callback).join();
            }
            RecordingCallback alone = new RecordingCallback();
            driver.createConsumer(topic, "alone", alone).join();
            send(driver, topic, 0, 400);

            RecordingCallback.awaitTotal(shared, 400, WAIT);
            RecordingCallback.awaitTotal(List.of(alone), 400, WAIT);
            assertExactlyOnceInOrder(shared, 0, 400);
            assertExactlyOnceInOrder(List.of(alone), 0, 400);
            assertTrue(shared.get(0).count() > 0 && shared.get(1).count() > 0,
                    "the broker spread the queue over both consumers: " + shared.get(0).count() + " and "
                            + shared.get(1).count());
            assertTrue(alone.publishTimestamps().stream().allMatch(t -> t > 0), "the producer's timestamp property");

            // what the clients handed the driver, counted for the open consumers
            Map<String, Double> metrics = metrics(driver);
            assertEquals(800.0, metrics.get("rabbitmq.consumer.delivered-rate"), metrics.toString());
            assertEquals(0.0, metrics.get("rabbitmq.consumer.redelivered-rate"), metrics.toString());
        }
    }

    /** What a closed consumer left in the queue waits there for the subscription's next consumer. */
    @ParameterizedTest
    @ValueSource(strings = {"CLASSIC", "QUORUM", "STREAM"})
    void aSubscriptionsNextConsumerContinuesWhereTheLastOneStopped(String type) throws Exception {
        try (RabbitMqBenchmarkDriver driver = connect(type, "")) {
            String topic = newTopic(driver);
            RecordingCallback first = new RecordingCallback();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub", first).join();
            send(driver, topic, 0, 100);
            RecordingCallback.awaitTotal(List.of(first), 100, WAIT);
            consumer.close();

            send(driver, topic, 100, 250);
            RecordingCallback second = new RecordingCallback();
            driver.createConsumer(topic, "sub", second).join();
            RecordingCallback.awaitTotal(List.of(second), 150, WAIT);
            assertExactlyOnceInOrder(List.of(first), 0, 100);
            assertExactlyOnceInOrder(List.of(second), 100, 250);
        }
    }

    @Test
    void aStreamSubscriptionHasOneConsumerAndTheSecondIsRefusedInOneLine() throws Exception {
        try (RabbitMqBenchmarkDriver driver = connect("STREAM", "")) {
            String topic = newTopic(driver);
            BenchmarkConsumer first = driver.createConsumer(topic, "sub", new RecordingCallback()).join();
            CompletionException e = assertThrows(CompletionException.class,
                    () -> driver.createConsumer(topic, "sub", new RecordingCallback()).join());
            assertTrue(e.getCause().getMessage().startsWith("rabbitmq: cannot subscribe 'sub' to " + topic
                    + ": IllegalStateException: queueType STREAM: subscription 'sub' already has its consumer"),
                    e.getCause().getMessage());
            assertFalse(e.getCause().getMessage().contains("\n"));
            // another subscription of the same stream reads it too
            driver.createConsumer(topic, "other", new RecordingCallback()).join();
            first.close();
            driver.createConsumer(topic, "sub", new RecordingCallback()).join();
        }
    }

    /**
     * streamMaxLengthBytes: a stream created with 4 MB kept (segments of 1 MB) drops its oldest segments
     * once 12 MB went in, so a new subscription, which reads from the stream's first offset, starts past
     * message 0. Without the retention it would read from 0.
     */
    @Test
    void aStreamKeepsOnlyItsRetention() throws Exception {
        try (RabbitMqBenchmarkDriver driver = connect("STREAM", "streamMaxLengthBytes: 4000000\n")) {
            String topic = newTopic(driver);
            BenchmarkProducer producer = driver.createProducer(topic).join();
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            for (int i = 0; i < 12_000; i++) {
                sent.add(producer.sendAsync(Optional.empty(), payload(i, 0, 1024)));
            }
            CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get();
            producer.close();
            RecordingCallback reader = new RecordingCallback();
            driver.createConsumer(topic, "late", reader).join();
            RecordingCallback.awaitTotal(List.of(reader), 1, WAIT);
            long firstRead = number(reader.payloads().get(0));
            assertTrue(firstRead > 0 && firstRead < 12_000, "first message still kept: " + firstRead);
        }
    }

    /** A queue that refuses publishes beyond its length nacks them: the send fails, and is counted. */
    @Test
    void aPublishTheBrokerNacksFailsItsSend() throws Exception {
        try (RabbitMqBenchmarkDriver driver = connect("CLASSIC", "")) {
            String topic = newTopic(driver);
            String queue = RabbitMqTopic.queue(topic, "bounded");
            ConnectionFactory factory = new ConnectionFactory();
            factory.setUri(rabbit.endpoints().get("amqpUri"));
            try (Connection connection = factory.newConnection(); Channel channel = connection.createChannel()) {
                // a bound and reject-publish, which the driver's own declarations never set
                channel.queueDeclare(queue, true, false, false, Map.of("x-max-length", 10,
                        "x-overflow", "reject-publish"));
                channel.queueBind(queue, topic, "");
                BenchmarkProducer producer = driver.createProducer(topic).join();
                List<CompletableFuture<Void>> sent = new ArrayList<>();
                for (int i = 0; i < 30; i++) {
                    sent.add(producer.sendAsync(Optional.empty(), payload(i, 0, 64)));
                }
                int failed = 0;
                for (CompletableFuture<Void> future : sent) {
                    try {
                        future.get();
                    } catch (ExecutionException e) {
                        assertEquals("the broker refused the message (basic.nack)", e.getCause().getMessage());
                        failed++;
                    }
                }
                long queued = channel.messageCount(queue);
                assertTrue(failed > 0, "nothing refused, " + queued + " queued");
                assertEquals(30, failed + queued, "every send either failed or is in the queue");
                assertEquals((double) failed, metrics(driver).get("rabbitmq.producer.nacked-rate"));
            }
        }
    }

    @Test
    void anUnreachableServerFailsInitializeNamingTheFileAndKey() throws Exception {
        File file = driverFile("CLASSIC", "", "amqp://guest:guest@127.0.0.1:1");
        IOException e = assertThrows(IOException.class,
                () -> new RabbitMqBenchmarkDriver().initialize(file, NullStatsLogger.INSTANCE));
        assertTrue(e.getMessage().startsWith(file + ": cannot connect to RabbitMQ at any of [amqp://guest:guest@127.0.0.1:1]"
                + " (amqpUris): "), e.getMessage());
    }

    private void send(RabbitMqBenchmarkDriver driver, String topic, int from, int to) throws Exception {
        BenchmarkProducer producer = driver.createProducer(topic).join();
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int i = from; i < to; i++) {
            sent.add(producer.sendAsync(Optional.empty(), payload(i, 0, 64)));
        }
        CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get();
        producer.close();
    }

    private static void assertExactlyOnceInOrder(List<RecordingCallback> consumers, int from, int to) {
        List<Long> all = new ArrayList<>();
        for (RecordingCallback consumer : consumers) {
            assertFalse(consumer.calledConcurrently());
            List<Long> numbers = consumer.payloads().stream().map(p -> number(p)).toList();
            assertEquals(numbers.stream().sorted().toList(), numbers, "each consumer sees its share in order");
            all.addAll(numbers);
        }
        assertEquals(to - from, all.size(), "messages received");
        assertEquals(to - from, new HashSet<>(all).size(), "distinct messages received");
        assertTrue(all.stream().allMatch(n -> n >= from && n < to), all.toString());
    }

    /** Each statistic's value as reported now, summed over clients; a per-second one as the running total. */
    private static Map<String, Double> metrics(RabbitMqBenchmarkDriver driver) {
        Map<String, Double> values = new HashMap<>();
        driver.reportClientMetrics(new ClientMetricSink() {
            @Override
            public void perSecond(String name, Object client, double total) {
                values.merge(name, total, Double::sum);
            }

            @Override
            public void sum(String name, double value) {
                values.merge(name, value, Double::sum);
            }

            @Override
            public void mean(String name, double value) {
                values.put(name, value);
            }

            @Override
            public void max(String name, double value) {
                values.merge(name, value, Math::max);
            }
        });
        return values;
    }

    private String newTopic(RabbitMqBenchmarkDriver driver) {
        String topic = driver.getTopicNamePrefix() + "-" + (++topics) + "-" + System.nanoTime();
        driver.createTopic(topic, 1).join();
        return topic;
    }

    private RabbitMqBenchmarkDriver connect(String type, String extra) throws Exception {
        RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver();
        driver.initialize(driverFile(type, extra, rabbit.endpoints().get("amqpUri")), NullStatsLogger.INSTANCE);
        return driver;
    }

    private File driverFile(String type, String extra, String amqpUri) throws IOException {
        Path file = Files.createTempFile(dir, "rabbitmq-", ".yaml");
        Files.writeString(file, "name: RabbitMQ\n"
                + "driverClass: " + RabbitMqBenchmarkDriver.class.getName() + "\n"
                + "amqpUris: [" + amqpUri + "]\n"
                + (type.equals("STREAM") ? "streamUris: [" + rabbit.endpoints().get("streamUri") + "]\n" : "")
                + "queueType: " + type + "\n"
                + "connectTimeoutMs: 2000\n"
                + extra);
        return file.toFile();
    }
}
