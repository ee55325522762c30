package io.brokerbench.remote.coordinator;

import io.brokerbench.config.ConfigException;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.remote.wire.BearerToken;
import io.brokerbench.remote.wire.Endpoint;
import io.brokerbench.remote.wire.WireJson;
import io.brokerbench.remote.wire.WireMessages.CreateConsumers;
import io.brokerbench.remote.wire.WireMessages.Info;
import io.brokerbench.remote.wire.WireMessages.Ping;
import io.brokerbench.remote.wire.WireMessages.Probes;
import io.brokerbench.remote.wire.WireMessages.RateChange;
import io.brokerbench.remote.wire.WireMessages.RateRestart;
import io.brokerbench.remote.wire.WireMessages.TopicSpec;
import io.brokerbench.remote.wire.WireMessages;
import io.brokerbench.remote.wire.WireProtocol;
import io.brokerbench.run.RunFailure;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.TopicLookup;
import io.brokerbench.worker.Worker;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A worker in another process, behind the worker HTTP API, serving one run: every call names the
 * run's id, which holds the worker from initialize-driver until close (the worker's run lease). Failures
 * are one line naming the worker: an error the worker reports (its driver failed) is a
 * {@link DriverException}; a worker that cannot be reached, does not answer in time, or no longer
 * serves this run (reset, or taken by another coordinator) is lost, which ends the run
 * ({@link RunFailure}) and tells the {@link LossListener} once. A lost worker is not called again.
 */
public final class HttpWorker implements Worker {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** Calls that only read or flip state. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    /** Calls that wait on the driver: the worker gives it 120 s, plus a margin for the answer. */
    static final Duration DRIVER_CALL_TIMEOUT = Duration.ofSeconds(150);
    private static final int CLOCK_EXCHANGES = 16;
    private static final String NO_LONGER_SERVING = "it no longer serves this run (reset, or taken by another coordinator): ";
    /** Shared by all runs, so connections are reused rather than left open by each finished run. */
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
            .version(HttpClient.Version.HTTP_1_1).build();

    /** Told once when a worker is lost: by a failed call or by the watchdog. */
    @FunctionalInterface
    public interface LossListener {
        void lost(HttpWorker worker, Instant at, String reason);
    }

    private final URI base;
    private final String authorization;
    private final String run;
    private final LossListener lossListener;
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private volatile String lostReason;
    /** Whether the worker is known to hold this run: from a successful initialize-driver until close. */
    private volatile boolean claimed;

    /** @param run the run's id, the same for all its workers (a UUID) */
    public HttpWorker(URI base, String token, String run, LossListener lossListener) {
        this.base = base;
        this.authorization = token == null || token.isBlank() ? null : BearerToken.header(token);
        this.run = run;
        this.lossListener = lossListener;
    }

    @Override
    public String id() {
        return base.toString();
    }

    /**
     * Checks that the worker answers and speaks this coordinator's protocol.
     *
     * @throws ConfigException on a version mismatch or a refused token (nothing can run)
     */
    public Info handshake() {
        Info info = call(Endpoint.INFO, null);
        if (info.protocol() != WireProtocol.VERSION) {
            throw new ConfigException("worker " + id() + " speaks protocol " + info.protocol() + " (brokerbench "
                    + info.version() + "), this coordinator " + WireProtocol.VERSION + " (brokerbench "
                    + WireProtocol.buildVersion() + "): run the same brokerbench version on both");
        }
        return info;
    }

    /**
     * Renews the worker's lease; used by the watchdog, which judges silence itself. A worker that
     * answers that it no longer serves this run is declared lost here, at once.
     */
    public Ping ping(Duration timeout) throws IOException {
        // read before sending: a ping sent before initialize-driver returned may find the worker unclaimed
        boolean expectServing = claimed;
        HttpResponse<byte[]> response = exchange(request(Endpoint.PING, null, timeout), timeout);
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + ": " + errorOf(response));
        }
        Ping ping = WireJson.mapper().readValue(response.body(), Endpoint.PING.reply());
        // read again after: once close() has begun, the worker is expected to let this run go
        if (expectServing && claimed && ping.serving() != Ping.Serving.THIS_RUN) {
            declareLost(NO_LONGER_SERVING + "it answers that it serves "
                    + (ping.serving() == Ping.Serving.NO_RUN ? "no run" : "another run"));
        }
        return ping;
    }

    public ClockEstimate estimateClock() {
        List<ClockEstimate.Exchange> exchanges = new ArrayList<>();
        for (int i = 0; i < CLOCK_EXCHANGES; i++) {
            long sent = WallClock.nowEpochMicros();
            Ping ping = call(Endpoint.PING, null);
            exchanges.add(new ClockEstimate.Exchange(sent, ping.workerEpochMicros(), WallClock.nowEpochMicros()));
        }
        return ClockEstimate.of(exchanges);
    }

    @Override
    public void initializeDriver(DriverSetup setup) {
        call(Endpoint.INITIALIZE_DRIVER, setup);
        claimed = true;
    }

    @Override
    public String topicNamePrefix() {
        return call(Endpoint.TOPIC_NAME_PREFIX, null).prefix();
    }

    @Override
    public void createTopics(List<TopicInfo> topics) {
        List<TopicSpec> specs = topics.stream().map(t -> new TopicSpec(t.getTopic(), t.getPartitions())).toList();
        call(Endpoint.CREATE_TOPICS, specs);
    }

    @Override
    public TopicLookup lookUpTopics(List<String> topics) {
        return call(Endpoint.LOOK_UP_TOPICS, topics);
    }

    @Override
    public void createConsumers(List<ConsumerSpec> consumers, MeasurementPlan plan) {
        call(Endpoint.CREATE_CONSUMERS, new CreateConsumers(consumers, plan));
    }

    @Override
    public void createProducers(List<ProducerSpec> producers) {
        call(Endpoint.CREATE_PRODUCERS, producers);
    }

    @Override
    public void sendProbes(byte[] template) {
        call(Endpoint.SEND_PROBES, new Probes(template));
    }

    @Override
    public Map<String, Boolean> probeStatus() {
        return call(Endpoint.PROBE_STATUS, null);
    }

    @Override
    public void startLoad(LoadPlan plan) {
        call(Endpoint.START_LOAD, plan);
    }

    @Override
    public void changeRate(double ratePerProducer, long burstPerProducer) {
        call(Endpoint.CHANGE_RATE, new RateChange(ratePerProducer, burstPerProducer));
    }

    @Override
    public void restartRate(double ratePerProducer) {
        call(Endpoint.RESTART_RATE, new RateRestart(ratePerProducer));
    }

    @Override
    public void stopLoad() {
        call(Endpoint.STOP_LOAD, null);
    }

    @Override
    public void closeConsumers() {
        call(Endpoint.CLOSE_CONSUMERS, null);
    }

    @Override
    public void reopenConsumers() {
        call(Endpoint.REOPEN_CONSUMERS, null);
    }

    @Override
    public WorkerSnapshot snapshot() {
        return call(Endpoint.SNAPSHOT, null);
    }

    @Override
    public List<ProducerTally> producerTallies() {
        return call(Endpoint.PRODUCER_TALLIES, null);
    }

    @Override
    public List<ConsumerDelivery> consumerDeliveries() {
        return call(Endpoint.CONSUMER_DELIVERIES, null);
    }

    /** Stops the worker's load and resets it; a lost worker is left alone. */
    @Override
    public void close() {
        if (lostReason != null) {
            return;
        }
        claimed = false;
        try {
            HttpResponse<byte[]> response = exchange(request(Endpoint.CLOSE, null, DRIVER_CALL_TIMEOUT), DRIVER_CALL_TIMEOUT);
            if (response.statusCode() >= 300) {
                throw new DriverException("worker " + id() + ": " + errorOf(response));
            }
        } catch (IOException e) {
            throw new DriverException("worker " + id() + " did not confirm it stopped: " + oneLine(e));
        }
    }

    public boolean lost() {
        return lostReason != null;
    }

    /**
     * Marks the worker lost (once): calls waiting on it end at once with {@code cause}, and the
     * listener hears of it.
     */
    public void declareLost(String cause) {
        Instant at = Instant.now();
        String reason;
        synchronized (this) {
            if (lostReason != null) {
                return;
            }
            reason = "worker " + id() + " failed at " + at + ": " + cause;
            lostReason = reason;
        }
        RunFailure failure = new RunFailure(reason);
        inFlight.forEach(call -> call.completeExceptionally(failure));
        lossListener.lost(this, at, reason);
    }

    private <Q, R> R call(Endpoint<Q, R> endpoint, Q body) {
        if (lostReason != null) {
            throw new RunFailure(lostReason);
        }
        Duration timeout = endpoint.waitsOnDriver() ? DRIVER_CALL_TIMEOUT : CALL_TIMEOUT;
        HttpResponse<byte[]> response;
        try {
            response = exchange(request(endpoint, body, timeout), timeout);
        } catch (IOException e) {
            declareLost(oneLine(e));
            throw new RunFailure(lostReason);
        }
        if (response.statusCode() == 409 && response.headers().firstValue(WireProtocol.NOT_OWNER_HEADER).isPresent()) {
            // not a driver error the run might survive: the worker is not ours (any more)
            declareLost(claimed ? NO_LONGER_SERVING + errorOf(response) : errorOf(response));
            throw new RunFailure(lostReason);
        }
        if (response.statusCode() == 401) {
            throw new ConfigException("worker " + id() + " refused this coordinator: " + errorOf(response)
                    + " (give the worker's token with --worker-token or BROKERBENCH_WORKER_TOKEN)");
        }
        if (response.statusCode() >= 300) {
            throw new DriverException("worker " + id() + ": " + errorOf(response));
        }
        if (endpoint.reply() == null) {
            return null;
        }
        try {
            return WireJson.mapper().readValue(response.body(), endpoint.reply());
        } catch (IOException e) {
            throw new DriverException("worker " + id() + " sent an unreadable reply to " + endpoint + ": " + oneLine(e));
        }
    }

    private HttpRequest request(Endpoint<?, ?> endpoint, Object body, Duration timeout) throws IOException {
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(WireJson.mapper().writeValueAsBytes(body));
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(endpoint.fullPath()))
                .timeout(timeout)
                .header(WireProtocol.VERSION_HEADER, String.valueOf(WireProtocol.VERSION))
                .header(WireProtocol.RUN_HEADER, run)
                .header("Content-Type", "application/json")
                .method(endpoint.method(), publisher);
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder.build();
    }

    /** Sends and waits; a loss declared meanwhile ends the wait at once. */
    private HttpResponse<byte[]> exchange(HttpRequest request, Duration timeout) throws IOException {
        CompletableFuture<HttpResponse<byte[]>> future = CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        inFlight.add(future);
        try {
            // the request timeout covers the answer's headers; this bounds the body too
            return future.get(timeout.toMillis() + CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new IOException("no answer within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            throw new IOException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RunFailure failure) {
                throw failure;
            }
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            inFlight.remove(future);
        }
    }

    private static String errorOf(HttpResponse<byte[]> response) {
        try {
            return WireJson.mapper().readValue(response.body(), WireMessages.Error.class).error();
        } catch (IOException | RuntimeException e) {
            return "HTTP " + response.statusCode();
        }
    }

    private static String oneLine(Throwable e) {
        if (e instanceof java.net.ConnectException) {
            return "cannot connect (connection refused or host unreachable)";
        }
        return OneLine.of(e);
    }
}
