package io.openmessaging.benchmark.driver.redis;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.read.ListAppender;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.testing.RecordingCallback;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The driver when its redis-server dies or hangs. A consumer whose server is killed and started
 * again logs the loss once and the recovery once, not a line per retry; closing a producer while
 * the server hangs is bounded. Each test starts a server of its own and signals only that process
 * (the pid the server reports, checked to be this JVM's child). A restart uses the same config file,
 * so port and password stay the same; Redis keeps no data here, so the test re-creates the
 * subscription's group, as the driver does for a new consumer.
 */
class RedisConnectionLossIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern RECOVERED = Pattern.compile(": working again after [0-9.]+ s and (\\d+) retries$");

    @TempDir
    Path dir;

    private LocalBroker redis;
    private ProcessHandle redisProcess;
    private List<String> restartCommand;
    private Process restarted;
    private RedisBenchmarkDriver driver;
    private final ListAppender<ILoggingEvent> consumerLog = new ListAppender<>();
    private final LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
    private final List<TurboFilter> turboFilters = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        redis = LocalBrokers.start("redis", LocalBrokers.home());
        Map<String, String> server = serverInfo();
        redisProcess = ProcessHandle.of(Long.parseLong(server.get("process_id"))).orElseThrow();
        // the server on our port is the process this test's launcher started, not someone else's
        assertEquals(Optional.of(ProcessHandle.current()), redisProcess.parent(), "parent of redis-server " + server);
        restartCommand = List.of(server.get("executable"), server.get("config_file"));
        Path file = Files.writeString(dir.resolve("redis.yaml"), "name: Redis\nredisHost: 127.0.0.1\nredisPort: "
                + port() + "\nredisPass: \"" + password() + "\"\nblockTimeMs: 50\n");
        driver = new RedisBenchmarkDriver();
        driver.initialize(file.toFile(), NullStatsLogger.INSTANCE);
        // every line the consumer logs, including the repeats the runtime's filter would hold back from the console
        turboFilters.addAll(logging.getTurboFilterList());
        logging.resetTurboFilterList();
        consumerLog.setContext(logging);
        consumerLog.start();
        logging.getLogger(RedisBenchmarkConsumer.class).addAppender(consumerLog);
    }

    @AfterEach
    void stop() throws Exception {
        logging.getLogger(RedisBenchmarkConsumer.class).detachAppender(consumerLog);
        turboFilters.forEach(logging::addTurboFilter);
        try {
            assertTimeoutPreemptively(WAIT, () -> driver.close());
        } finally {
            if (restarted != null) {
                restarted.destroyForcibly().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
            redis.close();
        }
    }

    @Test
    void aLostConnectionIsLoggedOnceWhenLostAndOnceWhenBackWithTheRetriesItTook() throws Exception {
        RecordingCallback received = new RecordingCallback();
        driver.createTopic("t", 1).join();
        driver.createConsumer("t", "sub", received).join();
        BenchmarkProducer producer = driver.createProducer("t").join();
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sent.add(producer.sendAsync(Optional.empty(), new byte[] {(byte) i}));
        }
        CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        await("the consumer received the first 10 messages").atMost(WAIT).until(() -> received.count() == 10);

        redisProcess.destroyForcibly();
        redisProcess.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        await("the consumer logged the lost connection").atMost(WAIT).until(() -> !lines().isEmpty());
        // an outage of some seconds, for the consumer to retry in: the old code logged each retry (twice a second)
        Thread.sleep(3_000);
        restarted = new ProcessBuilder(restartCommand).redirectErrorStream(true).redirectOutput(dir.resolve("restarted-redis.log").toFile()).start();
        await("redis-server answering again, with the group re-created").atMost(WAIT).until(this::subscriptionRecreated);
        await("the consumer logged its recovery").atMost(WAIT).until(() -> lines().stream().anyMatch(line -> RECOVERED.matcher(line).find()));

        List<String> lines = lines();
        // the error named depends on where the read was when the server died: Jedis's own "Unexpected end of
        // stream", or the socket's "Connection reset" (Jedis's wrapper only repeats it, so OneLine shows the cause)
        assertTrue(lines.get(0).matches("redis consumer sub-\\w+ on t: (JedisConnectionException|SocketException)"
                + ".*; retrying every 100 ms to 2 s until it works"), lines.toString());
        Matcher recovered = RECOVERED.matcher(lines.get(lines.size() - 1));
        assertTrue(recovered.find(), lines.toString());
        assertTrue(Integer.parseInt(recovered.group(1)) >= 3, "retries: " + lines);
        // between them at most one line: the group missing after the restart, until the test re-created it
        assertTrue(lines.size() <= 3, "one line per retry? " + lines);
        if (lines.size() == 3) {
            assertTrue(lines.get(1).contains("still failing after") && lines.get(1).contains("NOGROUP"), lines.toString());
        }
    }

    @Test
    void closingAProducerWhileRedisHangsReturnsWithinItsBoundAndFailsWhatRedisNeverTook() throws Exception {
        driver.createTopic("t", 1).join();
        BenchmarkProducer producer = driver.createProducer("t").join();
        // frozen: connections stay open and nothing is answered, so each batch would wait out its socket timeout
        ProcessSignal.send("STOP", redisProcess);
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            sent.add(producer.sendAsync(Optional.empty(), new byte[] {(byte) i}));
        }

        assertTimeoutPreemptively(Duration.ofSeconds(20), producer::close);

        redisProcess.destroyForcibly();
        await("every send completed").atMost(WAIT).until(() -> sent.stream().allMatch(CompletableFuture::isDone));
        assertTrue(sent.stream().allMatch(CompletableFuture::isCompletedExceptionally), "a frozen redis took a message?");
    }

    private boolean subscriptionRecreated() {
        try (Jedis jedis = new Jedis("127.0.0.1", port())) {
            jedis.auth(password());
            jedis.xgroupCreate("t:0".getBytes(StandardCharsets.UTF_8), "sub".getBytes(StandardCharsets.UTF_8),
                    "0".getBytes(StandardCharsets.US_ASCII), true);
            return true;
        } catch (JedisException notYet) {
            return false;
        }
    }

    private List<String> lines() {
        return consumerLog.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    /** What redis-server says about itself: {@code process_id}, {@code executable}, {@code config_file} ... */
    private Map<String, String> serverInfo() {
        try (Jedis jedis = new Jedis("127.0.0.1", port())) {
            jedis.auth(password());
            Map<String, String> info = new HashMap<>();
            for (String line : jedis.info("server").split("\r?\n")) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    info.put(line.substring(0, colon), line.substring(colon + 1).strip());
                }
            }
            return info;
        }
    }

    private int port() {
        return Integer.parseInt(redis.endpoints().get("port"));
    }

    private String password() {
        return redis.endpoints().get("password");
    }
}
