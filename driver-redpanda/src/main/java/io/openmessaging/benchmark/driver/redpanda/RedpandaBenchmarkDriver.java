package io.openmessaging.benchmark.driver.redpanda;

import io.brokerbench.driver.support.DriverYaml;
import io.brokerbench.driver.support.OneLine;
import io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

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
    /** {@code /v1/status/ready} of the admin API, or empty when the file sets no {@code adminUrl}. */
    private volatile Optional<URI> readyUri = Optional.empty();

    @Override
    protected void readExtraKeys(DriverYaml yaml) {
        // 0 (absent) means plain producers, as in the Kafka driver
        requestsPerTransaction = yaml.integer(REQUESTS_PER_TRANSACTION, 0, 1, Integer.MAX_VALUE);
        readyUri = Optional.ofNullable(yaml.string(ADMIN_URL, null)).map(url -> readyUri(yaml, url));
    }

    @Override
    protected void beforeConnect(KafkaDriverConfig config) throws IOException, InterruptedException {
        if (readyUri.isPresent()) {
            awaitReady(config, readyUri.get());
        }
    }

    @Override
    protected int messagesPerTransaction() {
        return requestsPerTransaction;
    }

    private static URI readyUri(DriverYaml yaml, String adminUrl) {
        try {
            URI base = URI.create(adminUrl.strip());
            if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme()) || base.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            return URI.create(adminUrl.strip().replaceAll("/+$", "") + "/v1/status/ready");
        } catch (IllegalArgumentException e) {
            throw yaml.error(ADMIN_URL, adminUrl,
                    "expected the admin API's base URL, e.g. http://127.0.0.1:9644 (" + e.getMessage() + ")");
        }
    }

    /** Redpanda answers 200 on /v1/status/ready once the node accepts requests. */
    private static void awaitReady(KafkaDriverConfig config, URI ready) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(ADMIN_TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(ready).timeout(ADMIN_TIMEOUT).GET().build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("Redpanda admin API " + ready + " (adminUrl in " + config.file() + ") is unreachable: "
                    + OneLine.of(e));
        }
        if (response.statusCode() != 200) {
            throw new IOException("Redpanda at " + ready + " is not ready: HTTP " + response.statusCode() + " "
                    + response.body().strip().replace("\n", " "));
        }
    }
}
