package io.brokerbench.remote.server;

import io.javalin.Javalin;
import io.javalin.http.Handler;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /metrics} in the Prometheus text format, on a port of its own: a worker's stats port,
 * or an in-process run's {@code --metrics-port}. Same connector limits and one-line JSON errors as
 * the worker API.
 */
final class MetricsEndpoint implements AutoCloseable {

    private final Javalin server;

    /** @param before runs before every request (the worker's token check), or null */
    MetricsEndpoint(String bind, int port, ServerLimits limits, WorkerMetrics metrics, Handler before) {
        Map<String, Set<String>> methods = new ConcurrentHashMap<>();
        server = Javalin.create(config -> WorkerServer.configure(config, bind, port, limits, methods));
        if (before != null) {
            server.before(before);
        }
        server.get("/metrics", ctx -> ctx.contentType(metrics.contentType()).result(metrics.scrape()));
        WorkerServer.errorsAsJson(server, methods);
    }

    void start() {
        server.start();
    }

    int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.stop();
    }
}
