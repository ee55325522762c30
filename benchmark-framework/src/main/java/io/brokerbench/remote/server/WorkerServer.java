package io.brokerbench.remote.server;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.config.ConfigException;
import io.brokerbench.remote.server.RequestBody.BadRequest;
import io.brokerbench.remote.server.RunLease.NotOwner;
import com.fasterxml.jackson.core.type.TypeReference;
import io.brokerbench.remote.wire.BearerToken;
import io.brokerbench.remote.wire.Endpoint;
import io.brokerbench.remote.wire.WireJson;
import io.brokerbench.remote.wire.WireMessages;
import io.brokerbench.remote.wire.WireMessages.Info;
import io.brokerbench.remote.wire.WireMessages.Ping;
import io.brokerbench.remote.wire.WireMessages.Prefix;
import io.brokerbench.remote.wire.WireProtocol;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.DriverException;
import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import io.javalin.http.NotFoundResponse;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import io.brokerbench.yaml.YamlDocument;
import io.brokerbench.yaml.YamlException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.eclipse.jetty.http.BadMessageException;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A worker's HTTP API: one endpoint per {@link io.brokerbench.worker.Worker} method under
 * {@code /v1/}, JSON in and out, driving the process's {@link WorkerHost}. With a token, a request
 * without it is refused (401) before its body is read; a call of a run that does not hold the worker
 * ({@link RunLease}) is refused (409) before its body is read; a known endpoint asked with another
 * method is refused (405, with {@code Allow}); every refusal or failure is a one-line JSON
 * {@code {"error": ...}}. One client's connections and slow bodies are bounded ({@link ServerLimits}).
 * Prometheus metrics are served on a separate stats port ({@link MetricsEndpoint}).
 */
public final class WorkerServer implements AutoCloseable {

    private static final String JSON = "application/json";
    /** Endpoints any coordinator may call: the handshake, and ping (clock, and whom the worker serves). */
    private static final Set<String> OPEN = paths(Endpoint.Access.OPEN);
    /** Endpoints that check the run themselves: initialize-driver claims the worker, close frees it. */
    private static final Set<String> CLAIMING = paths(Endpoint.Access.CLAIMING);

    private final BearerToken token;
    private final WorkerHost host;
    private final WorkerMetrics metrics;
    private final ServerLimits limits;
    private final Javalin api;
    private final MetricsEndpoint stats;

    public WorkerServer(String bind, int port, int statsPort, String token, Duration lease) {
        this(bind, port, statsPort, token, lease, ServerLimits.defaults());
    }

    public WorkerServer(String bind, int port, int statsPort, String token, Duration lease, ServerLimits limits) {
        this.token = BearerToken.of(token);
        this.limits = limits;
        this.metrics = new WorkerMetrics();
        this.host = new WorkerHost(lease, metrics);
        Map<String, Set<String>> apiMethods = new ConcurrentHashMap<>();
        this.api = Javalin.create(config -> configure(config, bind, port, limits, apiMethods));
        routes();
        errorsAsJson(api, apiMethods);
        this.stats = statsPort < 0 ? null : new MetricsEndpoint(bind, statsPort, limits, metrics, this::authenticate);
        try {
            api.start();
            if (stats != null) {
                stats.start();
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public int port() {
        return api.port();
    }

    public int statsPort() {
        return stats == null ? -1 : stats.port();
    }

    public WorkerHost host() {
        return host;
    }

    /**
     * One connector with the limits, and a record of each path's methods (for 405's {@code Allow}).
     * The limits hold before any handler runs, so they bound clients without the token too.
     */
    static void configure(JavalinConfig config, String bind, int port, ServerLimits limits,
            Map<String, Set<String>> methods) {
        config.showJavalinBanner = false;
        config.events.handlerAdded(handler -> {
            if (handler.getHttpMethod().isHttpMethod()) {
                methods.computeIfAbsent(handler.getPath(), path -> new TreeSet<>()).add(handler.getHttpMethod().name());
            }
        });
        config.jetty.addConnector((server, http) -> {
            ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
            connector.setHost(bind);
            connector.setPort(port);
            connector.setIdleTimeout(limits.idleTimeout().toMillis());
            connector.addBean(new ClientConnectionLimit(limits.connectionsPerClient()));
            return connector;
        });
    }

    private void routes() {
        api.before(WireProtocol.PREFIX + "/*", this::authenticate);
        api.before(WireProtocol.PREFIX + "/*", this::checkProtocol);
        api.beforeMatched(WireProtocol.PREFIX + "/*", this::checkRun);
        route(Endpoint.INFO, (ctx, none) -> new Info(WireProtocol.VERSION, WireProtocol.buildVersion(), "worker"));
        route(Endpoint.PING, (ctx, none) -> new Ping(WallClock.nowEpochMicros(), host.loadRunning(),
                host.driverInitialized(), host.lease().renew(ctx.header(WireProtocol.RUN_HEADER))));
        route(Endpoint.INITIALIZE_DRIVER, (ctx, setup) -> {
            String fileName = setup.fileName(); // refuses a sourceFile that is no file name before the worker is touched
            try {
                YamlDocument.parse(Path.of(fileName), setup.yaml());
            } catch (YamlException e) {
                throw new BadRequest(400, "field 'yaml': " + e.getMessage());
            }
            host.initializeDriver(run(ctx), setup);
            return null;
        });
        route(Endpoint.TOPIC_NAME_PREFIX, (ctx, none) -> new Prefix(host.current().topicNamePrefix()));
        route(Endpoint.CREATE_TOPICS, (ctx, topics) -> {
            RequestBody.noNulls(topics, "topics");
            topics.forEach(t -> RequestBody.check(t.partitions() >= 1,
                    "field 'partitions' = " + t.partitions() + ": must be at least 1"));
            host.current().createTopics(topics.stream().map(t -> new TopicInfo(t.topic(), t.partitions())).toList());
            return null;
        });
        route(Endpoint.LOOK_UP_TOPICS, (ctx, topics) -> {
            RequestBody.noNulls(topics, "topics");
            return host.current().lookUpTopics(topics);
        });
        route(Endpoint.CREATE_CONSUMERS, (ctx, request) -> {
            RequestBody.validConsumers(request.consumers());
            RequestBody.validPlan(request.plan());
            host.current().createConsumers(request.consumers(), request.plan());
            return null;
        });
        route(Endpoint.CREATE_PRODUCERS, (ctx, producers) -> {
            RequestBody.validProducers(producers);
            host.current().createProducers(producers);
            return null;
        });
        route(Endpoint.SEND_PROBES, (ctx, probes) -> {
            host.current().sendProbes(probes.template());
            return null;
        });
        route(Endpoint.PROBE_STATUS, (ctx, none) -> host.current().probeStatus());
        route(Endpoint.START_LOAD, (ctx, plan) -> {
            RequestBody.validLoad(plan);
            host.startLoad(plan);
            return null;
        });
        route(Endpoint.CHANGE_RATE, (ctx, change) -> {
            checkRate(change.ratePerProducer());
            RequestBody.check(change.burstPerProducer() >= 0,
                    "field 'burstPerProducer' = " + change.burstPerProducer() + ": must be at least 0");
            host.current().changeRate(change.ratePerProducer(), change.burstPerProducer());
            return null;
        });
        route(Endpoint.RESTART_RATE, (ctx, restart) -> {
            checkRate(restart.ratePerProducer());
            host.current().restartRate(restart.ratePerProducer());
            return null;
        });
        route(Endpoint.STOP_LOAD, (ctx, none) -> {
            host.stopLoad();
            return null;
        });
        route(Endpoint.CLOSE_CONSUMERS, (ctx, none) -> {
            host.current().closeConsumers();
            return null;
        });
        route(Endpoint.REOPEN_CONSUMERS, (ctx, none) -> {
            host.current().reopenConsumers();
            return null;
        });
        route(Endpoint.SNAPSHOT, (ctx, none) -> host.snapshot());
        route(Endpoint.PRODUCER_TALLIES, (ctx, none) -> host.current().producerTallies());
        route(Endpoint.CONSUMER_DELIVERIES, (ctx, none) -> host.current().consumerDeliveries());
        route(Endpoint.CLOSE, (ctx, none) -> {
            host.release(run(ctx));
            return null;
        });
    }

    /** What an endpoint does with its request body (null when it takes none); returns the reply (null: 204). */
    @FunctionalInterface
    private interface Serve<Q, R> {
        R serve(Context ctx, Q request) throws Exception;
    }

    /** Serves {@code endpoint} as the table says: its method and path, its body read and checked, its reply written. */
    private <Q, R> void route(Endpoint<Q, R> endpoint, Serve<Q, R> serve) {
        api.addHttpHandler(HandlerType.valueOf(endpoint.method()), endpoint.fullPath(), ctx -> {
            Q request = endpoint.request() == null ? null : body(ctx, endpoint.request());
            R answer = serve.serve(ctx, request);
            if (endpoint.reply() == null) {
                done(ctx);
            } else {
                reply(ctx, answer);
            }
        });
    }

    private static Set<String> paths(Endpoint.Access access) {
        return Endpoint.ALL.stream().filter(e -> e.access() == access).map(Endpoint::fullPath).collect(Collectors.toSet());
    }

    private void authenticate(Context ctx) {
        if (token != null && !token.accepts(ctx.header("Authorization"))) {
            throw new BadRequest(401, "missing or wrong token (send 'Authorization: Bearer <token>')");
        }
    }

    private void checkProtocol(Context ctx) {
        if (ctx.path().equals(Endpoint.INFO.fullPath())) {
            return; // the handshake must answer any coordinator, to tell it which version this is
        }
        String version = ctx.header(WireProtocol.VERSION_HEADER);
        if (!String.valueOf(WireProtocol.VERSION).equals(version)) {
            throw new BadRequest(400, "protocol version mismatch: the request speaks " + (version == null ? "none"
                    : "'" + version + "'") + ", this worker (brokerbench " + WireProtocol.buildVersion() + ") speaks "
                    + WireProtocol.VERSION);
        }
    }

    /**
     * Every call but the open ones names its run, and only the run holding the worker gets past here
     * (renewing its lease); the claiming endpoints decide for themselves.
     */
    private void checkRun(Context ctx) {
        String endpoint = ctx.endpointHandlerPath();
        if (OPEN.contains(endpoint)) {
            return;
        }
        String run = run(ctx);
        if (!CLAIMING.contains(endpoint)) {
            host.lease().check(run);
        }
    }

    private static String run(Context ctx) {
        String run = ctx.header(WireProtocol.RUN_HEADER);
        if (run == null) {
            throw new BadRequest(400, "missing header " + WireProtocol.RUN_HEADER + ": every call but info and ping"
                    + " names the coordinator's run");
        }
        if (!RunLease.validId(run)) {
            throw new BadRequest(400, "header " + WireProtocol.RUN_HEADER + ": expected 1-64 characters of"
                    + " A-Z a-z 0-9 . _ -");
        }
        return run;
    }

    private <T> T body(Context ctx, TypeReference<T> type) throws IOException {
        return RequestBody.read(ctx.req().getInputStream(), ctx.req().getContentLengthLong(), limits.bodyDeadline(), type);
    }

    /** A rate of a change or restart: finite and not negative (0 pauses). */
    private static void checkRate(double ratePerProducer) {
        RequestBody.check(ratePerProducer >= 0 && ratePerProducer < Double.POSITIVE_INFINITY,
                "field 'ratePerProducer' = " + ratePerProducer + ": must be a finite rate >= 0");
    }

    private static void reply(Context ctx, Object value) throws IOException {
        ctx.contentType(JSON).result(WireJson.mapper().writeValueAsBytes(value));
    }

    private static void done(Context ctx) {
        ctx.status(204);
    }

    static void errorsAsJson(Javalin app, Map<String, Set<String>> methods) {
        app.exception(BadRequest.class, (e, ctx) -> {
            if (e.status() == 408) {
                ctx.header("Connection", "close"); // the rest of a trickling body is not worth a thread
            }
            error(ctx, e.status(), e.getMessage());
        });
        app.exception(NotOwner.class, (e, ctx) -> {
            ctx.header(WireProtocol.NOT_OWNER_HEADER, e.serving().name());
            error(ctx, 409, e.getMessage());
        });
        // Jetty's refusals of requests it cannot parse
        app.exception(BadMessageException.class, (e, ctx) -> error(ctx, e.getCode(), e.getReason()));
        app.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), e.getMessage()));
        app.exception(ConfigException.class, (e, ctx) -> error(ctx, 400, e.getMessage()));
        app.exception(IllegalStateException.class, (e, ctx) -> error(ctx, 409, e.getMessage()));
        app.exception(DriverException.class, (e, ctx) -> error(ctx, 500, e.getMessage()));
        app.exception(Exception.class, (e, ctx) -> error(ctx, 500, OneLine.of(e)));
        app.exception(NotFoundResponse.class, (e, ctx) -> {
            Set<String> allowed = methods.get(ctx.path());
            if (allowed == null) {
                error(ctx, 404, "no endpoint " + ctx.method() + " " + ctx.path());
            } else {
                ctx.header("Allow", String.join(", ", allowed));
                error(ctx, 405, "method " + ctx.method() + " not allowed on " + ctx.path() + " (allowed: "
                        + String.join(", ", allowed) + ")");
            }
        });
        app.error(404, ctx -> {
            String type = ctx.res().getContentType();
            if (type == null || !type.startsWith(JSON)) {
                error(ctx, 404, "no endpoint " + ctx.method() + " " + ctx.path());
            }
        });
    }

    private static void error(Context ctx, int status, String reason) {
        String line = OneLine.text(String.valueOf(reason));
        try {
            ctx.status(status).contentType(JSON).result(WireJson.mapper().writeValueAsBytes(new WireMessages.Error(line)));
        } catch (IOException e) {
            ctx.status(status).result(line);
        }
    }

    @Override
    public void close() {
        api.stop();
        if (stats != null) {
            stats.close();
        }
        host.close();
    }
}
