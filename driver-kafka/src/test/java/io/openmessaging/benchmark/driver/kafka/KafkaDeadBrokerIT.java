package io.openmessaging.benchmark.driver.kafka;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver when its broker dies mid-run: it must let the benchmark end instead of waiting out
 * Kafka's client timeouts (max.block.ms 60 s, delivery.timeout.ms 120 s). Each test starts a broker
 * of its own and kills that process (found as this JVM's child listening on the broker's port).
 * The bounds asserted are generous liveness checks, not performance targets.
 */
class KafkaDeadBrokerIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private LocalBroker broker;
    private ProcessHandle brokerProcess;
    private KafkaBenchmarkDriver driver;

    @BeforeEach
    void startBrokerAndDriver() throws Exception {
        broker = LocalBrokers.start("kafka", LocalBrokers.home());
        brokerProcess = brokerProcess(broker.endpoints().get("bootstrapServers"));
        Path file = Files.writeString(dir.resolve("kafka.yaml"), "name: test\nreplicationFactor: 1\nreset: true\n"
                + "commonConfig: |\n  bootstrap.servers=" + broker.endpoints().get("bootstrapServers") + "\n");
        driver = new KafkaBenchmarkDriver();
        driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
    }

    @AfterEach
    void stopEverything() throws Exception {
        try {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> driver.close());
        } finally {
            brokerProcess.destroyForcibly();
            broker.close();
        }
    }

    @Test
    void closingProducerConsumerAndDriverAfterTheBrokerWasKilledWithMessagesInFlightIsBounded() throws Exception {
        String topic = "test-topic-dead-broker";
        driver.createTopic(topic, 1).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        Counter received = new Counter();
        BenchmarkConsumer consumer = driver.createConsumer(topic, "sub", received).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();
        send(producer, 50).forEach(CompletableFuture::join);
        await("the consumer received the first 50 messages").atMost(WAIT).until(() -> received.count.get() >= 50);

        // frozen first, so that what is sent next is taken by the client but never acknowledged; then killed
        signal("STOP", brokerProcess);
        List<CompletableFuture<Void>> inFlight = send(producer, 20);
        assertTrue(inFlight.stream().noneMatch(CompletableFuture::isDone), "acknowledged by a frozen broker?");
        brokerProcess.destroyForcibly();
        assertTrue(brokerProcess.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS) != null);

        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            producer.close();
            consumer.close();
            driver.close();
        });
        // closing gave up on them, and says so: the benchmark counts them as failed instead of waiting
        assertTrue(inFlight.stream().allMatch(CompletableFuture::isCompletedExceptionally), "in-flight sends not failed");
    }

    @Test
    void aSendWhileTheBrokerIsDeadFailsInsteadOfBlockingTheLoadThreadForAMinute() throws Exception {
        brokerProcess.destroyForcibly();
        assertTrue(brokerProcess.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS) != null);
        // a producer without metadata for its topic, as after the client re-bootstrapped to the dead broker's address
        BenchmarkProducer producer = driver.createProducer("test-topic-never-created").get();

        CompletableFuture<Void> sent = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> producer.sendAsync(Optional.empty(), new byte[100]));

        assertTrue(sent.isCompletedExceptionally(), "a send to a dead broker succeeded?");
        assertTimeoutPreemptively(Duration.ofSeconds(20), producer::close);
    }

    private static List<CompletableFuture<Void>> send(BenchmarkProducer producer, int count) {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sends.add(producer.sendAsync(Optional.empty(), ByteBuffer.allocate(100).putInt(i).array()));
        }
        return sends;
    }

    /** This JVM's child running kafka.Kafka with a server.properties that listens on {@code bootstrap}. */
    private static ProcessHandle brokerProcess(String bootstrap) {
        List<ProcessHandle> brokers = ProcessHandle.current().children()
                .filter(child -> child.info().arguments().map(args -> runsBroker(args, bootstrap)).orElse(false))
                .toList();
        assertEquals(1, brokers.size(), "Kafka broker processes listening on " + bootstrap + " started by this JVM");
        return brokers.get(0);
    }

    private static boolean runsBroker(String[] args, String bootstrap) {
        if (!Arrays.asList(args).contains("kafka.Kafka")) {
            return false;
        }
        try {
            return Files.readString(Path.of(args[args.length - 1])).contains("PLAINTEXT://" + bootstrap);
        } catch (IOException e) {
            return false;
        }
    }

    private static void signal(String signal, ProcessHandle process) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        assertTrue(kill.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal + " failed");
    }

    /** Counts what the consumer delivers. */
    private static final class Counter implements ConsumerCallback {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            count.incrementAndGet();
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            count.incrementAndGet();
        }
    }
}
