package io.brokerbench.remote.wire;

import com.fasterxml.jackson.core.type.TypeReference;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.delivery.ProducerTally;
import io.brokerbench.metrics.WorkerSnapshot;
import io.brokerbench.remote.wire.WireMessages.CreateConsumers;
import io.brokerbench.remote.wire.WireMessages.Info;
import io.brokerbench.remote.wire.WireMessages.Ping;
import io.brokerbench.remote.wire.WireMessages.Prefix;
import io.brokerbench.remote.wire.WireMessages.Probes;
import io.brokerbench.remote.wire.WireMessages.RateChange;
import io.brokerbench.remote.wire.WireMessages.RateRestart;
import io.brokerbench.remote.wire.WireMessages.TopicSpec;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.ProducerSpec;
import io.brokerbench.worker.TopicLookup;
import java.util.List;
import java.util.Map;

/**
 * One endpoint of the worker API: its method and path, the body it takes and the one it answers
 * with (null: none, 204), who may call it, and whether it waits on the driver. The one table both
 * sides use: the coordinator's {@code HttpWorker} calls these, the worker's {@code WorkerServer}
 * serves exactly these, and docs/distributed.md is checked against them.
 *
 * @param <Q> the request body's type ({@link Void}: none)
 * @param <R> the reply body's type ({@link Void}: none)
 */
public final class Endpoint<Q, R> {

    /** Who may call an endpoint. */
    public enum Access {
        /** Any coordinator, without naming a run: the handshake and the ping. */
        OPEN,
        /** Names a run, and decides itself what that run may do: initialize-driver claims, close frees. */
        CLAIMING,
        /** Only the run that holds the worker. */
        RUN
    }

    public static final Endpoint<Void, Info> INFO = open("GET", "/info", new TypeReference<>() { });
    public static final Endpoint<Void, Ping> PING = open("GET", "/ping", new TypeReference<>() { });
    public static final Endpoint<DriverSetup, Void> INITIALIZE_DRIVER = new Endpoint<>("POST", "/initialize-driver",
            Access.CLAIMING, true, new TypeReference<>() { }, null);
    public static final Endpoint<Void, Prefix> TOPIC_NAME_PREFIX = new Endpoint<>("GET", "/topic-name-prefix",
            Access.RUN, false, null, new TypeReference<>() { });
    public static final Endpoint<List<TopicSpec>, Void> CREATE_TOPICS = driverCall("/create-topics",
            new TypeReference<>() { });
    /** POST: the names can be many; the driver only reads. */
    public static final Endpoint<List<String>, TopicLookup> LOOK_UP_TOPICS = new Endpoint<>("POST", "/look-up-topics",
            Access.RUN, true, new TypeReference<>() { }, new TypeReference<>() { });
    public static final Endpoint<CreateConsumers, Void> CREATE_CONSUMERS = driverCall("/create-consumers",
            new TypeReference<>() { });
    public static final Endpoint<List<ProducerSpec>, Void> CREATE_PRODUCERS = driverCall("/create-producers",
            new TypeReference<>() { });
    public static final Endpoint<Probes, Void> SEND_PROBES = command("/send-probes", new TypeReference<>() { });
    public static final Endpoint<Void, Map<String, Boolean>> PROBE_STATUS = query("GET", "/probe-status",
            new TypeReference<>() { });
    public static final Endpoint<LoadPlan, Void> START_LOAD = command("/start-load", new TypeReference<>() { });
    public static final Endpoint<RateChange, Void> CHANGE_RATE = command("/change-rate", new TypeReference<>() { });
    public static final Endpoint<RateRestart, Void> RESTART_RATE = command("/restart-rate", new TypeReference<>() { });
    public static final Endpoint<Void, Void> STOP_LOAD = driverCall("/stop-load", null);
    public static final Endpoint<Void, Void> CLOSE_CONSUMERS = driverCall("/close-consumers", null);
    public static final Endpoint<Void, Void> REOPEN_CONSUMERS = driverCall("/reopen-consumers", null);
    /** POST: taking a snapshot swaps the worker's recorders, it is not a read. */
    public static final Endpoint<Void, WorkerSnapshot> SNAPSHOT = query("POST", "/snapshot", new TypeReference<>() { });
    public static final Endpoint<Void, List<ProducerTally>> PRODUCER_TALLIES = query("GET", "/producer-tallies",
            new TypeReference<>() { });
    public static final Endpoint<Void, List<ConsumerDelivery>> CONSUMER_DELIVERIES = query("GET", "/consumer-deliveries",
            new TypeReference<>() { });
    public static final Endpoint<Void, Void> CLOSE = new Endpoint<>("POST", "/close", Access.CLAIMING, true, null, null);

    /** Every endpoint, in the order of a run. */
    public static final List<Endpoint<?, ?>> ALL = List.of(INFO, PING, INITIALIZE_DRIVER, TOPIC_NAME_PREFIX, CREATE_TOPICS,
            LOOK_UP_TOPICS, CREATE_CONSUMERS, CREATE_PRODUCERS, SEND_PROBES, PROBE_STATUS, START_LOAD, CHANGE_RATE, RESTART_RATE,
            STOP_LOAD, CLOSE_CONSUMERS, REOPEN_CONSUMERS, SNAPSHOT, PRODUCER_TALLIES, CONSUMER_DELIVERIES, CLOSE);

    private final String method;
    private final String path;
    private final Access access;
    private final boolean waitsOnDriver;
    private final TypeReference<Q> request;
    private final TypeReference<R> reply;

    private Endpoint(String method, String path, Access access, boolean waitsOnDriver, TypeReference<Q> request,
            TypeReference<R> reply) {
        this.method = method;
        this.path = path;
        this.access = access;
        this.waitsOnDriver = waitsOnDriver;
        this.request = request;
        this.reply = reply;
    }

    private static <R> Endpoint<Void, R> open(String method, String path, TypeReference<R> reply) {
        return new Endpoint<>(method, path, Access.OPEN, false, null, reply);
    }

    private static <Q> Endpoint<Q, Void> driverCall(String path, TypeReference<Q> request) {
        return new Endpoint<>("POST", path, Access.RUN, true, request, null);
    }

    private static <Q> Endpoint<Q, Void> command(String path, TypeReference<Q> request) {
        return new Endpoint<>("POST", path, Access.RUN, false, request, null);
    }

    private static <R> Endpoint<Void, R> query(String method, String path, TypeReference<R> reply) {
        return new Endpoint<>(method, path, Access.RUN, false, null, reply);
    }

    /** "GET" or "POST". */
    public String method() {
        return method;
    }

    /** The path below {@link WireProtocol#PREFIX}, e.g. "/snapshot". */
    public String path() {
        return path;
    }

    /** The full path the server serves, e.g. "/v1/snapshot". */
    public String fullPath() {
        return WireProtocol.PREFIX + path;
    }

    public Access access() {
        return access;
    }

    /** Whether the worker waits on its driver (or broker) before answering: such calls get a longer timeout. */
    public boolean waitsOnDriver() {
        return waitsOnDriver;
    }

    /** The request body's type; null when the endpoint takes none. */
    public TypeReference<Q> request() {
        return request;
    }

    /** The reply body's type; null when the endpoint answers 204 without a body. */
    public TypeReference<R> reply() {
        return reply;
    }

    @Override
    public String toString() {
        return method + " " + fullPath();
    }
}
