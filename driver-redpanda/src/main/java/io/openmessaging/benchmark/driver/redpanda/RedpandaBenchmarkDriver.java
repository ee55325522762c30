package io.openmessaging.benchmark.driver.redpanda;

import io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Redpanda driver. Redpanda speaks the Kafka protocol, so this is the Kafka driver with two
 * additions in the driver file: {@code adminUrl} (Redpanda's admin API, e.g.
 * {@code http://127.0.0.1:9644}; when set, the driver checks {@code GET /v1/status/ready} before
 * anything else and is otherwise never contacted) and {@code requestsPerTransaction} (send in
 * transactions of that many messages, as the Redpanda fork of OMB's transactional driver does).
 */
public class RedpandaBenchmarkDriver extends KafkaBenchmarkDriver {

    static final String ADMIN_URL = "adminUrl";
    static final String REQUESTS_PER_TRANSACTION = "requestsPerTransaction";
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(10);

    private volatile int requestsPerTransaction;

    public RedpandaBenchmarkDriver() {
        super(Set.of(ADMIN_URL, REQUESTS_PER_TRANSACTION));
    }

    @Override
    protected void beforeConnect(KafkaDriverConfig config) throws IOException, InterruptedException {
        requestsPerTransaction = requestsPerTransaction(config);
        Optional<String> adminUrl = config.extra(ADMIN_URL);
        if (adminUrl.isPresent()) {
            awaitReady(config, adminUrl.get());
        }
    }

    @Override
    protected int messagesPerTransaction() {
        return requestsPerTransaction;
    }

    private static int requestsPerTransaction(KafkaDriverConfig config) {
        Optional<String> text = config.extra(REQUESTS_PER_TRANSACTION);
        if (text.isEmpty()) {
            return 0;
        }
        try {
            int value = Integer.parseInt(text.get().strip());
            if (value >= 1) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below with the same message as a non-positive number
        }
        throw new IllegalArgumentException(config.file() + ": field '" + REQUESTS_PER_TRANSACTION + "' = '" + text.get()
                + "': expected a whole number of messages per transaction, at least 1");
    }

    /** Redpanda answers 200 on /v1/status/ready once the node accepts requests. */
    private static void awaitReady(KafkaDriverConfig config, String adminUrl) throws IOException, InterruptedException {
        URI ready;
        try {
            URI base = URI.create(adminUrl.strip());
            if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme()) || base.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            ready = URI.create(adminUrl.strip().replaceAll("/+$", "") + "/v1/status/ready");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(config.file() + ": field '" + ADMIN_URL + "' = '" + adminUrl
                    + "': expected the admin API's base URL, e.g. http://127.0.0.1:9644 (" + e.getMessage() + ")");
        }
        HttpClient client = HttpClient.newBuilder().connectTimeout(ADMIN_TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(ready).timeout(ADMIN_TIMEOUT).GET().build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("Redpanda admin API " + ready + " (adminUrl in " + config.file() + ") is unreachable: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        if (response.statusCode() != 200) {
            throw new IOException("Redpanda at " + ready + " is not ready: HTTP " + response.statusCode() + " "
                    + response.body().strip().replace("\n", " "));
        }
    }
}
