package io.brokerbench.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.brokerbench.config.ConfigException;
import io.brokerbench.delivery.ConsumerDelivery;
import io.brokerbench.remote.RequestBody.BadRequest;
import io.brokerbench.remote.WireMessages.CreateConsumers;
import io.brokerbench.remote.WireMessages.Info;
import io.brokerbench.remote.WireMessages.Ping;
import io.brokerbench.remote.WireMessages.Prefix;
import io.brokerbench.remote.WireMessages.Probes;
import io.brokerbench.remote.WireMessages.TopicSpec;
import io.brokerbench.time.WallClock;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.ProducerSpec;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HttpResponseException;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * A worker's HTTP API: one endpoint per {@link io.brokerbench.worker.Worker} method under
 * {@code /v1/}, JSON in and out, driving the process's {@link WorkerHost}. With a token, a request
 * without it is refused (401) before its body is read; every refusal or failure is a one-line JSON
 * {@code {"error": ...}}. Prometheus metrics are served on a separate stats port.
 */
public final class WorkerServer implements AutoCloseable {

    private static final String JSON = "application/json";

    private final BearerToken token;
    private final WorkerHost host;
    private final WorkerMetrics metrics;
    private final Javalin api;
    private final Javalin stats;

    public WorkerServer(String bind, int port, int statsPort, String token, Duration lease) {
        this.token = BearerToken.of(token);
        this.metrics = new WorkerMetrics();
        this.host = new WorkerHost(lease, metrics);
        this.api = Javalin.create(config -> config.showJavalinBanner = false);
        routes();
        this.stats = statsPort < 0 ? null : Javalin.create(config -> config.showJavalinBanner = false);
        if (stats != null) {
            stats.before(this::authenticate);
            stats.get("/metrics", ctx -> ctx.contentType(metrics.contentType()).result(metrics.scrape()));
            errorsAsJson(stats);
        }
        try {
            api.start(bind, port);
            if (stats != null) {
                stats.start(bind, statsPort);
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

    private void routes() {
        String v = WireProtocol.PREFIX;
        api.before(v + "/*", this::authenticate);
        api.before(v + "/*", this::checkProtocol);
        api.before(v + "/*", ctx -> host.renewLease());
        api.get(v + "/info", ctx -> reply(ctx, new Info(WireProtocol.VERSION, WireProtocol.buildVersion(), "worker")));
        api.get(v + "/ping", ctx -> reply(ctx,
                new Ping(WallClock.nowEpochMicros(), host.loadRunning(), host.driverInitialized())));
        api.post(v + "/initialize-driver", ctx -> {
            host.initializeDriver(body(ctx, DriverSetup.class));
            done(ctx);
        });
        api.get(v + "/topic-name-prefix", ctx -> reply(ctx, new Prefix(host.current().topicNamePrefix())));
        api.post(v + "/create-topics", ctx -> {
            List<TopicSpec> topics = body(ctx, new TypeReference<List<TopicSpec>>() { });
            RequestBody.noNulls(topics, "topics");
            topics.forEach(t -> RequestBody.check(t.partitions() >= 1,
                    "field 'partitions' = " + t.partitions() + ": must be at least 1"));
            host.current().createTopics(topics.stream().map(t -> new TopicInfo(t.topic(), t.partitions())).toList());
            done(ctx);
        });
        api.post(v + "/create-consumers", ctx -> {
            CreateConsumers request = body(ctx, CreateConsumers.class);
            RequestBody.validConsumers(request.consumers());
            RequestBody.validPlan(request.plan());
            host.current().createConsumers(request.consumers(), request.plan());
            done(ctx);
        });
        api.post(v + "/create-producers", ctx -> {
            List<ProducerSpec> producers = body(ctx, new TypeReference<List<ProducerSpec>>() { });
            RequestBody.validProducers(producers);
            host.current().createProducers(producers);
            done(ctx);
        });
        api.post(v + "/send-probes", ctx -> {
            host.current().sendProbes(body(ctx, Probes.class).template());
            done(ctx);
        });
        api.get(v + "/probe-status", ctx -> reply(ctx, host.current().probeStatus()));
        api.post(v + "/start-load", ctx -> {
            LoadPlan plan = body(ctx, LoadPlan.class);
            RequestBody.validLoad(plan);
            host.startLoad(plan);
            done(ctx);
        });
        api.post(v + "/stop-load", ctx -> {
            host.stopLoad();
            done(ctx);
        });
        api.post(v + "/close-consumers", action(() -> host.current().closeConsumers()));
        api.post(v + "/reopen-consumers", action(() -> host.current().reopenConsumers()));
        api.post(v + "/snapshot", ctx -> reply(ctx, host.snapshot()));
        api.get(v + "/producer-tallies", ctx -> reply(ctx, host.current().producerTallies()));
        api.get(v + "/consumer-deliveries", ctx -> {
            List<ConsumerDelivery> deliveries = host.current().consumerDeliveries();
            reply(ctx, deliveries);
        });
        api.post(v + "/close", action(host::reset));
        errorsAsJson(api);
    }

    private void authenticate(Context ctx) {
        if (token != null && !token.accepts(ctx.header("Authorization"))) {
            throw new BadRequest(401, "missing or wrong token (send 'Authorization: Bearer <token>')");
        }
    }

    private void checkProtocol(Context ctx) {
        if (ctx.path().equals(WireProtocol.PREFIX + "/info")) {
            return; // the handshake must answer any coordinator, to tell it which version this is
        }
        String version = ctx.header(WireProtocol.VERSION_HEADER);
        if (!String.valueOf(WireProtocol.VERSION).equals(version)) {
            throw new BadRequest(400, "protocol version mismatch: the request speaks " + (version == null ? "none"
                    : "'" + version + "'") + ", this worker (brokerbench " + WireProtocol.buildVersion() + ") speaks "
                    + WireProtocol.VERSION);
        }
    }

    private static Handler action(Runnable action) {
        return ctx -> {
            action.run();
            done(ctx);
        };
    }

    private static <T> T body(Context ctx, Class<T> type) throws IOException {
        return RequestBody.read(ctx.req().getInputStream(), ctx.req().getContentLengthLong(), type);
    }

    private static <T> T body(Context ctx, TypeReference<T> type) throws IOException {
        return RequestBody.read(ctx.req().getInputStream(), ctx.req().getContentLengthLong(), type);
    }

    private static void reply(Context ctx, Object value) throws IOException {
        ctx.contentType(JSON).result(WireJson.mapper().writeValueAsBytes(value));
    }

    private static void done(Context ctx) {
        ctx.status(204);
    }

    private static void errorsAsJson(Javalin app) {
        app.exception(BadRequest.class, (e, ctx) -> error(ctx, e.status(), e.getMessage()));
        app.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), e.getMessage()));
        app.exception(ConfigException.class, (e, ctx) -> error(ctx, 400, e.getMessage()));
        app.exception(IllegalStateException.class, (e, ctx) -> error(ctx, 409, e.getMessage()));
        app.exception(DriverException.class, (e, ctx) -> error(ctx, 500, e.getMessage()));
        app.exception(Exception.class, (e, ctx) -> error(ctx, 500, DriverException.describe(e)));
        app.error(404, ctx -> {
            String type = ctx.res().getContentType();
            if (type == null || !type.startsWith(JSON)) {
                error(ctx, 404, "no endpoint " + ctx.method() + " " + ctx.path());
            }
        });
    }

    private static void error(Context ctx, int status, String reason) {
        String line = String.valueOf(reason).replaceAll("\\s*\\R\\s*", " ");
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
            stats.stop();
        }
        host.close();
    }
}
