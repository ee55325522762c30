package io.brokerbench.localbroker.nats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Reads nats-server's monitoring endpoints ({@code /healthz}, {@code /varz}, {@code /routez}, {@code /jsz}). */
final class NatsMonitor {

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();

    /** The body of a 200 answer, else null (not up yet, or not healthy). */
    String get(String url) {
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create(url)).timeout(PROBE_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException notYet) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** A 200 answer's JSON, else a missing node (whose fields read as missing too). */
    JsonNode json(String url) throws IOException {
        String body = get(url);
        return body == null ? MissingNode.getInstance() : JSON.readTree(body);
    }
}
