package io.openmessaging.benchmark.driver.redpanda;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.yaml.YamlDocument;
import io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Redpanda driver. Redpanda speaks the Kafka protocol, so this is the Kafka driver with two
 * additions in the driver file: {@code adminUrl} (Redpanda's admin API, e.g.
 * {@code http://127.0.0.1:9644}; when set, the driver checks {@code GET /v1/status/ready} before
 * anything else and is otherwise never contacted). Transactions ({@code requestsPerTransaction},
 * {@code abortFraction}) are the Kafka driver's keys.
 */
public class RedpandaBenchmarkDriver extends KafkaBenchmarkDriver {

    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(10);

    private volatile RedpandaKeys keys = new RedpandaKeys(null);

    @Override
    protected void readExtraKeys(YamlDocument driverFile) {
        keys = driverFile.take(RedpandaKeys.class);
    }

    @Override
    protected void beforeConnect(KafkaDriverConfig config) throws IOException, InterruptedException {
        if (keys.readyUri().isPresent()) {
            awaitReady(config, keys.readyUri().get());
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
