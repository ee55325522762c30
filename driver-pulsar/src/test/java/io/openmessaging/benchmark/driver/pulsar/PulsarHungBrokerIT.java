package io.openmessaging.benchmark.driver.pulsar;

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
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver when its broker stops answering mid-run: closing must not wait out the client's
 * operation timeout (two minutes per request). The test starts a broker of its own and freezes that
 * process (this JVM's child running PulsarStandaloneStarter with a config naming the broker's
 * port). The bound asserted is a generous liveness check, not a performance target.
 */
class PulsarHungBrokerIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private LocalBroker broker;
    private ProcessHandle brokerProcess;
    private PulsarBenchmarkDriver driver;

    @BeforeEach
    void startBrokerAndDriver() throws Exception {
        broker = LocalBrokers.start("pulsar", LocalBrokers.home());
        String serviceUrl = broker.endpoints().get("serviceUrl");
        brokerProcess = brokerProcess(serviceUrl.substring(serviceUrl.lastIndexOf(':') + 1));
        Path file = Files.writeString(dir.resolve("pulsar.yaml"),
                PulsarDriverIT.pulsarYaml(serviceUrl, broker.endpoints().get("httpUrl"), ""));
        driver = new PulsarBenchmarkDriver();
        driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
    }

    @AfterEach
    void stopEverything() throws Exception {
        try {
            brokerProcess.destroyForcibly();
            assertTimeoutPreemptively(WAIT, () -> driver.close());
        } finally {
            broker.close();
        }
    }

    @Test
    void closingProducerConsumerAndDriverWhileTheBrokerHangsWithMessagesInFlightIsBounded() throws Exception {
        String topic = driver.getTopicNamePrefix() + "-hung";
        driver.createTopic(topic, 1).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        BenchmarkConsumer consumer = driver.createConsumer(topic, "sub", new Ignoring()).get(WAIT.toSeconds(),
                TimeUnit.SECONDS);
        BenchmarkProducer producer = driver.createProducer(topic).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        CompletableFuture.allOf(send(producer, 20).toArray(new CompletableFuture<?>[0])).get(WAIT.toSeconds(),
                TimeUnit.SECONDS);

        // frozen: connections stay open and nothing is answered, neither these sends nor the close requests
        signal("STOP", brokerProcess);
        List<CompletableFuture<Void>> inFlight = send(producer, 20);

        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            producer.close();
            consumer.close();
            driver.close();
        });
        assertTrue(inFlight.stream().allMatch(CompletableFuture::isCompletedExceptionally),
                "in-flight sends not failed when the client was shut down");
    }

    private static List<CompletableFuture<Void>> send(BenchmarkProducer producer, int count) {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sends.add(producer.sendAsync(Optional.empty(), ByteBuffer.allocate(100).putInt(i).array()));
        }
        return sends;
    }

    /** This JVM's child running the Pulsar standalone broker whose config has {@code brokerServicePort}. */
    private static ProcessHandle brokerProcess(String port) {
        List<ProcessHandle> brokers = ProcessHandle.current().children()
                .filter(child -> child.info().arguments().map(args -> runsBroker(args, port)).orElse(false))
                .toList();
        assertEquals(1, brokers.size(), "Pulsar brokers on port " + port + " started by this JVM");
        return brokers.get(0);
    }

    private static boolean runsBroker(String[] args, String port) {
        List<String> list = Arrays.asList(args);
        int config = list.indexOf("--config");
        if (!list.contains("org.apache.pulsar.PulsarStandaloneStarter") || config < 0 || config + 1 >= args.length) {
            return false;
        }
        try {
            return Files.readAllLines(Path.of(args[config + 1])).contains("brokerServicePort=" + port);
        } catch (IOException e) {
            return false;
        }
    }

    private static void signal(String signal, ProcessHandle process) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        assertTrue(kill.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal + " failed");
    }

    /** Consumes without looking: this test is about closing. */
    private static final class Ignoring implements ConsumerCallback {
        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
        }
    }
}
