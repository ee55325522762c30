package io.brokerbench.localbroker.pulsar;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A Pulsar broker's admin REST API, read with the JDK's HTTP client: the launcher asks it whether the
 * broker is ready and, for a cluster, how the broker placed the run's topics.
 */
final class PulsarWebAdmin {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String httpUrl;
    private final Duration timeout;

    PulsarWebAdmin(String httpUrl, Duration timeout) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
        this.httpUrl = httpUrl;
        this.timeout = timeout;
    }

    /**
     * Whether the admin API answers and the default namespace exists: the standalone creates {@code
     * public/default} as the last step of its start, a cluster's metadata setup before the broker starts.
     */
    boolean defaultNamespaceExists() {
        return body("/admin/v2/tenants").filter(body -> body.contains("\"public\"")).isPresent()
                && body("/admin/v2/namespaces/public").filter(body -> body.contains("\"public/default\"")).isPresent();
    }

    /**
     * Whether the broker's health check passes: it writes a message to a topic of its own and reads it
     * back, so its ledger found as many writable bookies as the broker's default ensemble.
     */
    boolean healthy() {
        return body("/admin/v2/brokers/health").filter(body -> body.strip().equals("ok")).isPresent();
    }

    /** The JSON of a 200 answer to {@code path}; empty for any other answer or none in time. */
    Optional<JsonNode> json(String path) throws IOException {
        Optional<String> body = body(path);
        return body.isEmpty() ? Optional.empty() : Optional.of(JSON.readTree(body.get()));
    }

    /** The body of a 200 answer to {@code path}; empty for any other answer or none in time (not up yet, or gone). */
    Optional<String> body(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(httpUrl + path)).timeout(timeout).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(response.body()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
